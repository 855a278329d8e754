import { useTranslation } from 'react-i18next';

/**
 * A screen waiting for its data or code: a CSS spinner and what is awaited. antd's Spin would bring antd to
 * the first screen just to turn a circle.
 */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-busy="true" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="visually-hidden">{t('app.loading')}</span>}
    </div>
  );
}
