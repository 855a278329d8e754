import { useTranslation } from 'react-i18next';

/** The LeadReel mark: a play triangle in a rounded square, then the brand and (optionally) the tagline. */
export function BrandMark({
  brand,
  tagline = false,
  inverted = false,
}: {
  brand: string;
  tagline?: boolean;
  inverted?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="brand-mark">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#1456f0" />
        <path d="M12 9v14l11-7z" fill="#fff" />
      </svg>
      <div>
        <div className={inverted ? 'brand-name brand-name-inverted' : 'brand-name'}>{brand}</div>
        {tagline && <div className="brand-tagline">{t('app.tagline')}</div>}
      </div>
    </div>
  );
}
