import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen a later issue owns: its real title and an honest "not available yet", no fake data. */
export function NotAvailable({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('app.notAvailableTitle')}
      subTitle={t('app.notAvailableText', { page: t(title) })}
      extra={
        <Link to="/dashboard-overview">
          <Button type="primary">{t('app.backHome')}</Button>
        </Link>
      }
    />
  );
}
