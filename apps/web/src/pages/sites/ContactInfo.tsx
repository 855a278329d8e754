import type { SiteContact } from '@leadreel/shared';
import { SITE_URL_MAX, SOCIAL_HOSTS, type SocialNetwork, siteContact } from '@leadreel/shared/contracts/sites';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sitesApi } from '../../api/endpoints.ts';
import { optionalText, schemaRule } from './rules.ts';
import { SiteForm } from './SiteForm.tsx';
import { profileOf, useSiteSave } from './saving.ts';
import { useSite } from './siteData.ts';

type Field = keyof SiteContact;
type Values = Record<Field, string>;

const NETWORKS = Object.keys(SOCIAL_HOSTS) as SocialNetwork[];
const FIELDS: Field[] = ['officialSite', 'email', ...NETWORKS];

/** An example address on the network's own host, so the box shows which page is meant. */
function examplePage(network: SocialNetwork): string {
  const hosts: readonly (string | RegExp)[] = SOCIAL_HOSTS[network];
  const host = hosts.find((allowed): allowed is string => typeof allowed === 'string');
  return `https://${host ?? `${network}.com`}/…`;
}

/**
 * The profile's contact info: the official site, an email and the site's pages on each network. Each box is
 * checked by the contract's own rule (siteContact), so a `javascript:` link or a look-alike host is refused
 * here with the server's words; an empty box is none.
 */
export function ContactInfo() {
  const { t } = useTranslation();
  const { data: site } = useSite();
  const [form] = Form.useForm<Values>();
  const { busy, save } = useSiteSave(form, 'profile.contact.');
  if (!site) return null;

  const initial = Object.fromEntries(FIELDS.map((field) => [field, site.contact[field] ?? ''])) as Values;
  const submit = (values: Values) => {
    const contact = Object.fromEntries(FIELDS.map((field) => [field, optionalText(values[field])])) as SiteContact;
    return save(() => sitesApi.saveProfile({ id: site.id, profile: { ...profileOf(site), contact } }));
  };

  return (
    <SiteForm<Values>
      key={site.id}
      title={t('route.contact-info')}
      intro={<Typography.Paragraph type="secondary">{t('sites.contact.intro')}</Typography.Paragraph>}
      busy={busy}
      form={form}
      name="contact-info"
      requiredMark={false}
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      className="site-contact-form"
    >
      {FIELDS.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`sites.contact.${field}`)}
          rules={[schemaRule(siteContact.shape[field], t, optionalText)]}
        >
          <Input
            // Not type=url: the browser's own check would stop the form in its own words before ours.
            inputMode={field === 'email' ? 'email' : 'url'}
            maxLength={SITE_URL_MAX}
            placeholder={
              field === 'officialSite'
                ? 'https://'
                : field === 'email'
                  ? t('sites.contact.emailPlaceholder')
                  : examplePage(field)
            }
          />
        </Form.Item>
      ))}
    </SiteForm>
  );
}
