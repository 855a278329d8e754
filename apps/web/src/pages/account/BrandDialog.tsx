import {
  BRAND_NAME_MAX,
  type Brand,
  type BrandImageKind,
  type CustomDomain,
  FAVICON_RECOMMENDED_PX,
} from '@leadreel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { brandsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { domainKey } from '../../api/keys.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { displayDomain } from '../../features/domains/punycode.ts';
import { ImagePick } from '../../features/images/ImagePick.tsx';

export const brandKeys = { all: domainKey('brands') };

type BrandForm = {
  name: string;
  logo: string | null;
  favicon: string | null;
  pageBackgroundColor: string;
  buttonColor: string;
  buttonFontColor: string;
  domainId: string | undefined;
};
const COLORS = ['pageBackgroundColor', 'buttonColor', 'buttonFontColor'] as const;
const NEW_BRAND: Omit<BrandForm, 'domainId'> = {
  name: '',
  logo: null,
  favicon: null,
  pageBackgroundColor: '#ffffff',
  buttonColor: '#1677ff',
  buttonFontColor: '#ffffff',
};

/** A watch page's header and button in the chosen look, as a viewer on the brand's domain sees them. */
function BrandPreview({ values, logoUrl, domain }: { values: BrandForm; logoUrl: string | null; domain: string }) {
  const { t } = useTranslation();
  return (
    <div className="brand-preview" data-testid="brand-preview" style={{ background: values.pageBackgroundColor }}>
      <div className="brand-preview-header">
        {logoUrl && <img src={logoUrl} alt={t('brands.logo')} className="brand-preview-logo" />}
        <span className="brand-preview-name">{values.name || t('brands.name')}</span>
        {domain && <span className="brand-preview-domain">{domain}</span>}
      </div>
      <div className="brand-preview-video" aria-hidden="true" />
      <div className="brand-preview-title">{t('brands.previewTitle')}</div>
      <span
        className="brand-preview-button"
        data-testid="brand-preview-button"
        style={{ background: values.buttonColor, color: values.buttonFontColor }}
      >
        {t('brands.previewButton')}
      </span>
    </div>
  );
}

/** One image of the brand: uploaded through brand.image first, its answered `file` kept in the form. */
function ImageField({
  kind,
  url,
  onUploaded,
  onRemoved,
}: {
  kind: BrandImageKind;
  url: string | null;
  onUploaded: (file: string, url: string, size: { width: number; height: number }) => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" wrap>
      {url && <img src={url} alt={t(`brands.${kind}`)} className={`brand-image brand-image-${kind}`} />}
      <ImagePick
        label={t(kind === 'logo' ? 'brands.uploadLogo' : 'brands.uploadFavicon')}
        testId={`brand-${kind}-input`}
        upload={async ({ base64, width, height }) => {
          const uploaded = await brandsApi.image({ kind, image: base64 });
          onUploaded(uploaded.file, uploaded.url, { width, height });
        }}
      />
      {url && <Button onClick={onRemoved}>{t('brands.removeImage')}</Button>}
    </Flex>
  );
}

/** Creates a brand or edits one: its name, images, colours and custom domain, with a preview. */
export function BrandDialog({
  brand,
  brands,
  domains,
  onClose,
}: {
  /** null for a new brand. */
  brand: Brand | null;
  brands: Brand[];
  domains: CustomDomain[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BrandForm>();
  const [urls, setUrls] = useState({ logo: brand?.logoUrl ?? null, favicon: brand?.faviconUrl ?? null });
  const [faviconSize, setFaviconSize] = useState<{ width: number; height: number } | null>(null);
  const values = (Form.useWatch([], form) ?? {}) as BrandForm;
  const taken = new Set(brands.filter((other) => other.id !== brand?.id).map((other) => other.domainId));
  const initial: BrandForm = brand
    ? {
        name: brand.name,
        logo: brand.logo,
        favicon: brand.favicon,
        pageBackgroundColor: brand.pageBackgroundColor,
        buttonColor: brand.buttonColor,
        buttonFontColor: brand.buttonFontColor,
        domainId: brand.domainId ?? undefined,
      }
    : { ...NEW_BRAND, domainId: domains.find((domain) => domain.status === 'verified' && !taken.has(domain.id))?.id };

  const save = useMutation({
    mutationFn: (input: BrandForm) => {
      const body = { ...input, name: input.name.trim(), domainId: input.domainId ?? '' };
      return brand ? brandsApi.edit({ id: brand.id, ...body }) : brandsApi.add(body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: brandKeys.all });
      message.success(t('brands.saved'));
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field && error.field in initial) {
        form.setFields([{ name: error.field as keyof BrandForm, errors: [errorText(error)] }]);
      } else message.error(errorText(error));
    },
  });
  const domainName = displayDomain(domains.find((domain) => domain.id === values.domainId)?.cname ?? '');
  const setImage = (kind: BrandImageKind, file: string | null, url: string | null) => {
    form.setFieldValue(kind, file);
    setUrls((current) => ({ ...current, [kind]: url }));
  };

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={brand ? t('brands.editTitle', { name: brand.name }) : t('brands.createTitle')}
      okText={t('brands.save')}
      cancelText={t('brands.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="brand-dialog">
        <Form<BrandForm>
          form={form}
          name="brand"
          layout="vertical"
          requiredMark={false}
          initialValues={initial}
          onFinish={(input) => save.mutate(input)}
          className="brand-form"
        >
          <Form.Item
            name="name"
            label={t('brands.name')}
            rules={[
              { required: true, whitespace: true, message: t('errors.brand_name_required') },
              { max: BRAND_NAME_MAX, message: t('errors.brand_name_too_long') },
            ]}
          >
            <Input placeholder={t('brands.namePlaceholder')} maxLength={BRAND_NAME_MAX + 10} autoFocus />
          </Form.Item>
          <Form.Item name="logo" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="favicon" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('brands.logo')} extra={t('brands.logoHelp')}>
            <ImageField
              kind="logo"
              url={urls.logo}
              onUploaded={(file, url) => setImage('logo', file, url)}
              onRemoved={() => setImage('logo', null, null)}
            />
          </Form.Item>
          <Form.Item
            label={t('brands.favicon')}
            extra={
              faviconSize &&
              (faviconSize.width !== FAVICON_RECOMMENDED_PX || faviconSize.height !== FAVICON_RECOMMENDED_PX)
                ? t('brands.faviconSize', faviconSize)
                : t('brands.faviconHelp')
            }
          >
            <ImageField
              kind="favicon"
              url={urls.favicon}
              onUploaded={(file, url, size) => {
                setImage('favicon', file, url);
                setFaviconSize(size);
              }}
              onRemoved={() => {
                setImage('favicon', null, null);
                setFaviconSize(null);
              }}
            />
          </Form.Item>
          <div className="brand-colors">
            {COLORS.map((name) => (
              <Form.Item key={name} name={name} label={t(`brands.${name}`)}>
                <Input type="color" className="color-input" />
              </Form.Item>
            ))}
          </div>
          <Form.Item
            name="domainId"
            label={t('brands.domain')}
            extra={t('brands.domainHelp')}
            rules={[{ required: true, message: t('errors.brand_domain_required') }]}
          >
            <Select<string>
              placeholder={t('brands.domainPlaceholder')}
              options={domains.map((domain) => {
                const name = displayDomain(domain.cname);
                const busy = taken.has(domain.id);
                const unverified = domain.status !== 'verified' && domain.id !== brand?.domainId;
                return {
                  value: domain.id,
                  disabled: busy || unverified,
                  label: busy
                    ? t('brands.domainBusy', { domain: name })
                    : unverified
                      ? t('brands.domainUnverified', { domain: name })
                      : name,
                };
              })}
            />
          </Form.Item>
        </Form>
        <div className="brand-preview-column">
          <Typography.Text type="secondary">{t('brands.preview')}</Typography.Text>
          <BrandPreview values={{ ...initial, ...values }} logoUrl={urls.logo} domain={domainName} />
        </div>
      </div>
    </Modal>
  );
}
