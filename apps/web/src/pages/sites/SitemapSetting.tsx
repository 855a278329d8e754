import type { SiteSitemap } from '@leadreel/shared';
import { SITEMAP_PAGES } from '@leadreel/shared/contracts/sites';
import { Alert, Checkbox, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { sitesApi } from '../../api/endpoints.ts';
import { SiteForm } from './SiteForm.tsx';
import { useSiteSave } from './saving.ts';
import { useSite, useSiteEditing } from './siteData.ts';

/**
 * The sitemap: whether search engines may list the site (when not, its pages answer noindex and no sitemap
 * names it) and which kinds of page its sitemap lists.
 */
export function SitemapSetting() {
  const { t } = useTranslation();
  const { data: site } = useSite();
  const { readOnly } = useSiteEditing();
  const [form] = Form.useForm<SiteSitemap>();
  const indexed = Form.useWatch('indexed', form) ?? site?.sitemap.indexed;
  const { busy, save } = useSiteSave(form, 'sitemap.');
  if (!site) return null;

  return (
    <SiteForm<SiteSitemap>
      key={site.id}
      title={t('route.sitemap')}
      busy={busy}
      form={form}
      name="sitemap"
      initialValues={site.sitemap}
      onFinish={(sitemap) => void save(() => sitesApi.saveSitemap({ id: site.id, sitemap }))}
    >
      <Form.Item
        name="indexed"
        label={t('sites.sitemap.indexed')}
        valuePropName="checked"
        extra={t('sites.sitemap.indexedHelp')}
      >
        <Switch />
      </Form.Item>
      {!indexed && <Alert type="warning" showIcon className="sites-notice" title={t('sites.sitemap.hidden')} />}
      <Form.Item name="pages" label={t('sites.sitemap.pages')} extra={t('sites.sitemap.pagesHelp')}>
        <Checkbox.Group
          disabled={readOnly || !indexed}
          options={SITEMAP_PAGES.map((page) => ({ value: page, label: t(`sites.sitemap.page.${page}`) }))}
        />
      </Form.Item>
    </SiteForm>
  );
}
