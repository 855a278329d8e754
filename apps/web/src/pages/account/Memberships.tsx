import { Alert, Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BillingDetails } from '../../features/billing/BillingDetails.tsx';
import { BillingHistory } from '../../features/billing/BillingHistory.tsx';
import { useAccountStore, usePlanName } from '../../stores/account.ts';
import { AutoRenew } from './AutoRenew.tsx';
import { UsageBoard } from './UsageBoard.tsx';

/** memberships with the usage board, the billing history with its invoices, and the buyer's billing details. */
export function Memberships() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountStore((s) => s.account);
  const vip = useAccountStore((s) => s.vip);
  const planName = usePlanName(t);
  if (!account) return null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 960 }}>
      {vip?.willExpire && (
        // "Plan will expire": 0 to 15 days left and nothing renews it by itself.
        <Alert
          type="warning"
          showIcon
          title={t('memberships.willExpire', { days: vip.surplusDays })}
          action={
            <Button size="small" type="primary" onClick={() => navigate('/buy-vip')}>
              {t('memberships.renew')}
            </Button>
          }
        />
      )}
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
          {vip?.isVip && vip.subscribeId && (
            <Descriptions.Item label={t('memberships.autoRenew')}>
              <AutoRenew vip={vip} />
            </Descriptions.Item>
          )}
          {vip?.isVip && !vip.subscribeId && (
            <Descriptions.Item label={t('memberships.ends')}>
              {vip.expireDate
                ? t('memberships.endsOn', { date: vip.expireDate, count: vip.surplusDays })
                : t('memberships.noEnd')}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <UsageBoard />
      <BillingHistory />
      <BillingDetails />
    </Space>
  );
}
