import { Button, Card, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatSize } from '../../format.ts';
import { useAccountStore, usePlanName } from '../../stores/account.ts';

/** A share of the plan's allowance, in whole percent (the bar is full at 100). */
const usedPercent = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0);

function Usage({ label, used, total }: { label: string; used: number; total: number }) {
  const percent = usedPercent(used, total);
  const figure = `${formatSize(used)} / ${formatSize(total)}`;
  return (
    <div className="dashboard-usage">
      <div className="dashboard-usage-head">
        <Typography.Text>{label}</Typography.Text>
        <Typography.Text type="secondary" className="dashboard-usage-figure">
          {figure}
        </Typography.Text>
      </div>
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        status={percent >= 100 ? 'exception' : 'normal'}
        aria-label={`${label}: ${figure}`}
      />
    </div>
  );
}

/** The account's plan, its videos, and the storage and traffic used against the plan's (account detail). */
export function PlanUsage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountStore((s) => s.account);
  const planName = usePlanName(t);
  if (!account) return null;
  const { storage, usedStorage, traffic, usedTraffic } = account.storageAndTraffic;
  return (
    <Card
      size="small"
      className="analytics-card dashboard-card"
      title={t('dashboard.planUsage')}
      extra={
        <Button size="small" onClick={() => navigate('/buy-vip')}>
          {t('dashboard.plans')}
        </Button>
      }
    >
      <dl className="dashboard-plan">
        <div>
          <dt>{t('dashboard.plan')}</dt>
          <dd>{planName}</dd>
        </div>
        <div>
          <dt>{t('dashboard.videos')}</dt>
          <dd>{account.videoTotal}</dd>
        </div>
      </dl>
      <div className="dashboard-usages">
        <Usage label={t('dashboard.storage')} used={usedStorage} total={storage} />
        <Usage label={t('dashboard.traffic')} used={usedTraffic} total={traffic} />
      </div>
    </Card>
  );
}
