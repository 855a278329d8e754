import { Alert, Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/index.ts';
import { formatDateMinute } from '../../format.ts';
import { MaskedNotice, ReadState } from '../leads/LeadStates.tsx';
import { leadName, useLeadListQuery } from '../leads/leadQueries.ts';

/** How many of the newest leads the overview lists. */
const RECENT = 5;

/** The account's newest leads (the Free plan's masked, as the leads screen shows them), and the way to all. */
export function RecentLeads() {
  const { t } = useTranslation();
  const list = useLeadListQuery({ page: 1, pageSize: RECENT });
  return (
    <Card
      size="small"
      className="analytics-card dashboard-card"
      title={t('dashboard.recentLeads')}
      extra={<Link to="/form-submit-data">{t('dashboard.allLeads')}</Link>}
    >
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      {list.data?.masked && list.data.list.length > 0 && <MaskedNotice compact />}
      {list.isLoading ? (
        <div className="plain-list-empty">
          <Spin />
        </div>
      ) : list.data?.list.length ? (
        <ul className="plain-list plain-list-small">
          {list.data?.list.map((lead) => (
            <li key={lead.leadId} className="plain-list-item">
              <div className="plain-list-main">
                <span className="dashboard-lead-name">{leadName(lead)}</span>
                <Typography.Text type="secondary" className="dashboard-lead-meta" ellipsis>
                  {formatDateMinute(lead.createdAt)} ·{' '}
                  {lead.videoId ? lead.videoName : t('leads.videoDeleted', { name: lead.videoName })}
                </Typography.Text>
              </div>
              <ReadState read={lead.read} />
            </li>
          ))}
        </ul>
      ) : (
        list.data && (
          <Typography.Paragraph type="secondary" className="plain-list-empty">
            {t('leads.empty')}
          </Typography.Paragraph>
        )
      )}
    </Card>
  );
}
