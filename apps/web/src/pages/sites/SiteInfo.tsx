import type { Site } from '@leadreel/shared';
import {
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
  SITE_PICTURE_MIN_PX,
  type SiteImageKind,
  siteDescriptionField,
  siteNameField,
} from '@leadreel/shared/contracts/sites';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sitesApi } from '../../api/endpoints.ts';
import { ImagePick } from '../../features/images/ImagePick.tsx';
import { ImageRefused, type ReadImage } from '../../features/images/imageFile.ts';
import { i18n } from '../../i18n/index.ts';
import { schemaRule } from './rules.ts';
import { SiteForm } from './SiteForm.tsx';
import { profileOf, useSiteSave } from './saving.ts';
import { useSite, useSiteEditing } from './siteData.ts';

type Values = { name: string; description: string; banner: string | null; picture: string | null };

/** "A site picture is at least 98x98 pixels", checked in the browser before it is sent (the server checks again). */
function checkSiteImage(kind: SiteImageKind, image: ReadImage) {
  if (kind === 'picture' && (image.width < SITE_PICTURE_MIN_PX || image.height < SITE_PICTURE_MIN_PX))
    throw new ImageRefused(i18n.t('errors.site_picture_too_small'));
}

/** One image of the site: uploaded through site.image first, its answered `file` kept in the form until Save. */
function ImageField({
  kind,
  url,
  disabled,
  onChange,
}: {
  kind: SiteImageKind;
  url: string | null;
  disabled: boolean;
  onChange: (file: string | null, url: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="flex-start" wrap>
      <div className={`site-image-frame site-image-${kind}`} data-testid={`site-${kind}-preview`}>
        {url ? (
          <img src={url} alt={t(`sites.info.${kind}`)} />
        ) : (
          <Typography.Text type="secondary">{t('sites.info.noImage')}</Typography.Text>
        )}
      </div>
      <Flex vertical gap={8}>
        <ImagePick
          label={t(kind === 'banner' ? 'sites.info.uploadBanner' : 'sites.info.uploadPicture')}
          testId={`site-${kind}-input`}
          disabled={disabled}
          upload={async (image) => {
            checkSiteImage(kind, image);
            const uploaded = await sitesApi.image({ kind, image: image.base64 });
            onChange(uploaded.file, uploaded.url);
          }}
        />
        {url && (
          <Button disabled={disabled} onClick={() => onChange(null, null)}>
            {t('sites.info.removeImage')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** The profile's site info: the name over the site, its description, its wide banner and square picture. */
export function SiteInfo() {
  const { data: site } = useSite();
  return site ? <SiteInfoForm key={site.id} site={site} /> : null;
}

function SiteInfoForm({ site }: { site: Site }) {
  const { t } = useTranslation();
  const { readOnly } = useSiteEditing();
  const [form] = Form.useForm<Values>();
  const { busy, save } = useSiteSave(form, 'profile.');
  const [urls, setUrls] = useState({ banner: site.bannerUrl, picture: site.pictureUrl });

  const setImage = (kind: SiteImageKind, file: string | null, url: string | null) => {
    form.setFieldValue(kind, file);
    setUrls((current) => ({ ...current, [kind]: url }));
  };
  const submit = (values: Values) =>
    save(() =>
      sitesApi.saveProfile({
        id: site.id,
        profile: { ...profileOf(site), ...values, name: values.name.trim() },
      }),
    );

  return (
    <SiteForm<Values>
      title={t('route.site-info')}
      busy={busy}
      form={form}
      name="site-info"
      requiredMark={false}
      initialValues={{ name: site.name, description: site.description, banner: site.banner, picture: site.picture }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="name" label={t('sites.name')} rules={[schemaRule(siteNameField, t)]}>
        <Input placeholder={t('sites.namePlaceholder')} maxLength={SITE_NAME_MAX + 10} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('sites.info.description')}
        rules={[schemaRule(siteDescriptionField, t, (value) => value ?? '')]}
      >
        <Input.TextArea
          rows={4}
          maxLength={SITE_DESCRIPTION_MAX}
          showCount
          placeholder={t('sites.info.descriptionPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="banner" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="picture" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('sites.info.banner')} extra={t('sites.info.bannerHelp')}>
        <ImageField
          kind="banner"
          url={urls.banner}
          disabled={readOnly}
          onChange={(file, url) => setImage('banner', file, url)}
        />
      </Form.Item>
      <Form.Item label={t('sites.info.picture')} extra={t('sites.info.pictureHelp', { size: SITE_PICTURE_MIN_PX })}>
        <ImageField
          kind="picture"
          url={urls.picture}
          disabled={readOnly}
          onChange={(file, url) => setImage('picture', file, url)}
        />
      </Form.Item>
    </SiteForm>
  );
}
