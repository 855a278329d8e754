import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/useBrand.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/**
 * The frame of the public screens: brand panel on the left, the form in a card on the right. Plain elements
 * instead of antd's Card and Typography, which would bring tabs, menus and tooltips to the sign-in screen.
 */
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
        <section className="public-card">
          <h2 className="public-title">{title}</h2>
          {subtitle && <p className="public-subtitle">{subtitle}</p>}
          {children}
        </section>
      </main>
    </div>
  );
}

/** The line under a public form (sign in / create an account / back to sign in). */
export function PublicFooter({ children }: { children: ReactNode }) {
  return <p className="public-footer">{children}</p>;
}
