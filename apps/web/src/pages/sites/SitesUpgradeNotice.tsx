import { useTranslation } from 'react-i18next';
import { LinkNotice } from '../../components/LinkNotice.tsx';

/** "Sites are available from the Lite plan up": the list and a site's settings say so the same way. */
export function SitesUpgradeNotice() {
  const { t } = useTranslation();
  return (
    <LinkNotice
      className="sites-notice"
      title={t('errors.site_not_allowed')}
      to="/buy-vip"
      action={t('sites.upgrade')}
    />
  );
}
