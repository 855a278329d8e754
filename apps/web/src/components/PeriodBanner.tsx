import { periodBannerKey } from '@leadreel/shared';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../format.ts';
import { useAccountStore } from '../stores/account.ts';

/** a banner per period past Normal, with a way to renew. */
export function PeriodBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountStore((s) => s.account);
  const key = account ? periodBannerKey(account.vipPeriod) : null;
  if (!account || !key) return null;
  return (
    <Alert
      role="alert"
      type={account.vipPeriod === 'buffer-period' ? 'warning' : 'error'}
      showIcon
      title={t(key, { date: account.periodEndTime ? formatDate(account.periodEndTime) : '—' })}
      action={
        <Button size="small" type="primary" onClick={() => navigate('/buy-vip')}>
          {t('period.renew')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
