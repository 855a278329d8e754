import { Button, Card, Descriptions, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatSize } from '../../format.ts';
import { useAccountStore, usePlanName } from '../../stores/account.ts';

const percent = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0);

/** spec §2: memberships with the usage board. */
export function Memberships() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountStore((s) => s.account);
  const planName = usePlanName(t);
  if (!account) return null;
  const { storage, usedStorage, traffic, usedTraffic } = account.storageAndTraffic;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
      <Card
        title={t('memberships.currentPlan')}
        extra={
          <Button type="primary" onClick={() => navigate('/buy-vip')}>
            {t('memberships.upgrade')}
          </Button>
        }
      >
        <Descriptions column={1}>
          <Descriptions.Item label={t('memberships.currentPlan')}>{planName}</Descriptions.Item>
          <Descriptions.Item label={t('memberships.period')}>
            {t(`memberships.periods.${account.vipPeriod}`)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('memberships.usage')}>
        <Typography.Text>{t('memberships.storage')}</Typography.Text>
        <Progress percent={percent(usedStorage, storage)} />
        <Typography.Text type="secondary">
          {t('memberships.of', { used: formatSize(usedStorage), total: formatSize(storage) })}
        </Typography.Text>
        <div style={{ height: 16 }} />
        <Typography.Text>{t('memberships.traffic')}</Typography.Text>
        <Progress percent={percent(usedTraffic, traffic)} status={usedTraffic >= traffic ? 'exception' : undefined} />
        <Typography.Text type="secondary">
          {t('memberships.of', { used: formatSize(usedTraffic), total: formatSize(traffic) })}
        </Typography.Text>
      </Card>
    </Space>
  );
}
