import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/useBrand.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/** The frame of the public screens: brand panel on the left, the form in a card on the right. */
export function PublicShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <div className="public-shell">
      <aside className="public-hero">
        <BrandMark brand={brand} inverted />
        <div className="public-hero-text">
          <h2>{t('app.tagline')}</h2>
          <ul>
            <li>{t('guide.steps.start-guide.text')}</li>
            <li>{t('guide.steps.whatsapp.text')}</li>
            <li>{t('guide.steps.inquiry-form.text')}</li>
          </ul>
        </div>
      </aside>
      <main className="public-main">
        <div className="public-toolbar">
          <LanguageSwitch />
        </div>
        <Card className="public-card" variant="borderless">
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </Card>
      </main>
    </div>
  );
}
