import type { Brand, Site } from '@leadreel/shared';
import { SITE_NAME_MAX, siteNameField } from '@leadreel/shared/contracts/sites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { sitesApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { DIALOG_WIDTH } from '../../constants.ts';
import { displayDomain } from '../../features/domains/punycode.ts';
import { schemaRule } from './rules.ts';
import { siteKeys } from './siteData.ts';

type Values = { brandId: string | undefined; name: string };

/** A new site starts with its name and brand; every other part is filled in on its settings screens. */
const EMPTY_CONTACT = {
  officialSite: null,
  email: null,
  linkedin: null,
  youtube: null,
  tiktok: null,
  facebook: null,
  x: null,
  pinterest: null,
  telegram: null,
  instagram: null,
};

/** "Add site": the brand it is shown under and its name, both required. */
export function AddSiteDialog({
  brands,
  onClose,
  onCreated,
}: {
  brands: Brand[];
  onClose: () => void;
  onCreated: (site: Site) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const add = useMutation({
    mutationFn: ({ brandId, name }: Values) =>
      sitesApi.add({
        brandId: brandId ?? '',
        profile: { name: name.trim(), description: '', banner: null, picture: null, contact: EMPTY_CONTACT },
      }),
    onSuccess: async (site) => {
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      message.success(t('sites.created'));
      onCreated(site);
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.field?.replace(/^profile\./, '') : undefined;
      if (field === 'brandId' || field === 'name') form.setFields([{ name: field, errors: [errorText(error)] }]);
      else message.error(errorText(error));
    },
  });
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('sites.createTitle')}
      okText={t('sites.create')}
      cancelText={t('sites.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="add-site"
        layout="vertical"
        requiredMark={false}
        initialValues={{ brandId: brands.length === 1 ? brands[0]?.id : undefined, name: '' }}
        onFinish={(values) => add.mutate(values)}
      >
        <Form.Item
          name="brandId"
          label={t('sites.brand')}
          extra={t('sites.brandHelp')}
          rules={[{ required: true, message: t('sites.brandRequired') }]}
        >
          <Select<string>
            placeholder={t('sites.brandPlaceholder')}
            options={brands.map((brand) => ({
              value: brand.id,
              label: brand.domain ? `${brand.name} (${displayDomain(brand.domain)})` : brand.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('sites.name')} rules={[schemaRule(siteNameField, t)]}>
          <Input placeholder={t('sites.namePlaceholder')} maxLength={SITE_NAME_MAX + 10} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
