import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';

/** The masked view (Free plan): why details are hidden, and where the plans are. */
export function MaskedNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <UpgradeNotice
      className="leads-masked"
      title={t('errors.lead_details_paid')}
      action={compact ? undefined : t('leads.upgrade')}
    />
  );
}

/** The read state of a lead as the tables show it. */
export function ReadState({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return read ? (
    <Typography.Text type="secondary">{t('leads.read')}</Typography.Text>
  ) : (
    <Badge status="processing" text={t('leads.unread')} />
  );
}
