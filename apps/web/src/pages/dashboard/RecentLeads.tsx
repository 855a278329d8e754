import { Alert, Card, List, Typography } from 'antd';
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
      <List
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('leads.empty') }}
        renderItem={(lead) => (
          <List.Item key={lead.leadId} extra={<ReadState read={lead.read} />}>
            <List.Item.Meta
              title={<span className="dashboard-lead-name">{leadName(lead)}</span>}
              description={
                <Typography.Text type="secondary" className="dashboard-lead-meta" ellipsis>
                  {formatDateMinute(lead.createdAt)} ·{' '}
                  {lead.videoId ? lead.videoName : t('leads.videoDeleted', { name: lead.videoName })}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
