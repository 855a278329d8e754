import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Category, NavigationLink, Site } from '@leadreel/shared';
import {
  NAVIGATION_LABEL_MAX,
  NAVIGATION_MAX,
  navigationLink,
  navigationTarget,
  SITE_URL_MAX,
} from '@leadreel/shared/contracts/sites';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  type FormInstance,
  type FormListFieldData,
  type FormListOperation,
  Input,
  Select,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { sitesApi } from '../../api/endpoints.ts';
import { MoveButtons, useDragOrder } from '../../features/sortable/Sortable.tsx';
import { schemaRule } from './rules.ts';
import { useSiteSave } from './saving.ts';
import { moveLabels, useCategories, useSite, useSiteEditing } from './siteData.ts';

type Kind = NavigationLink['target']['kind'];
type Row = { label: string; kind: Kind; categoryId?: string; url?: string };
type Values = { links: Row[] };

const KINDS: Kind[] = ['category', 'official', 'url'];

const toRow = ({ label, target }: Site['navigation'][number]): Row => ({
  label,
  kind: target.kind,
  categoryId: target.kind === 'category' ? target.categoryId : undefined,
  url: target.kind === 'url' ? target.url : undefined,
});

const toLink = (row: Row): NavigationLink => ({
  label: row.label.trim(),
  target:
    row.kind === 'category'
      ? { kind: 'category', categoryId: row.categoryId ?? '' }
      : row.kind === 'official'
        ? { kind: 'official' }
        : { kind: 'url', url: (row.url ?? '').trim() },
});

/** The box beside a link's kind: which category, the official site it leads to, or its address. */
function TargetField({
  form,
  name,
  site,
  categories,
}: {
  form: FormInstance<Values>;
  name: number;
  site: Site;
  categories: Category[];
}) {
  const { t } = useTranslation();
  const kind: Kind | undefined = Form.useWatch(['links', name, 'kind'], form);
  if (kind === 'category')
    return (
      <Form.Item
        name={[name, 'categoryId']}
        rules={[{ required: true, message: t('sites.navigation.categoryRequired') }]}
        className="site-nav-target"
      >
        <Select<string>
          aria-label={t('sites.navigation.category')}
          placeholder={t('sites.navigation.categoryPlaceholder')}
          options={categories.map((category) => ({ value: category.id, label: category.name }))}
          notFoundContent={t('sites.navigation.noCategories')}
        />
      </Form.Item>
    );
  if (kind === 'url')
    return (
      <Form.Item
        name={[name, 'url']}
        className="site-nav-target"
        rules={[
          schemaRule(navigationTarget, t, (value) => ({
            kind: 'url',
            url: typeof value === 'string' ? value.trim() : '',
          })),
        ]}
      >
        <Input aria-label={t('sites.navigation.url')} inputMode="url" placeholder="https://" maxLength={SITE_URL_MAX} />
      </Form.Item>
    );
  return (
    <Typography.Text type={site.contact.officialSite ? 'secondary' : 'warning'} className="site-nav-target" ellipsis>
      {site.contact.officialSite ?? t('sites.navigation.officialMissing')}
    </Typography.Text>
  );
}

function LinkRows({
  form,
  fields,
  operation,
  site,
  categories,
  readOnly,
}: {
  form: FormInstance<Values>;
  fields: FormListFieldData[];
  operation: FormListOperation;
  site: Site;
  categories: Category[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const links: Row[] = Form.useWatch('links', form) ?? [];
  const { rowProps } = useDragOrder(operation.move, readOnly);
  return (
    <>
      {fields.length === 0 && <Empty description={t('sites.navigation.empty')} />}
      {fields.map(({ key, name }, index) => {
        const label = links[index]?.label?.trim() || t('sites.navigation.untitled', { number: index + 1 });
        const { className = '', ...drag } = rowProps(index);
        return (
          <Flex
            key={key}
            gap={8}
            align="flex-start"
            wrap
            data-testid="nav-row"
            className={`site-nav-row ${className}`.trim()}
            {...drag}
          >
            <MoveButtons
              index={index}
              count={fields.length}
              labels={moveLabels(t, label)}
              onMove={operation.move}
              disabled={readOnly}
            />
            <Form.Item
              name={[name, 'label']}
              rules={[schemaRule(navigationLink.shape.label, t)]}
              className="site-nav-label"
            >
              <Input
                aria-label={t('sites.navigation.label')}
                placeholder={t('sites.navigation.label')}
                maxLength={NAVIGATION_LABEL_MAX + 10}
              />
            </Form.Item>
            <Form.Item
              name={[name, 'kind']}
              className="site-nav-kind"
              rules={[
                {
                  validator: async (_rule, value) => {
                    if (value === 'official' && !site.contact.officialSite)
                      throw new Error(t('sites.navigation.officialMissing'));
                  },
                },
              ]}
            >
              <Select<Kind>
                aria-label={t('sites.navigation.target')}
                options={KINDS.map((kind) => ({ value: kind, label: t(`sites.navigation.kind.${kind}`) }))}
              />
            </Form.Item>
            <TargetField form={form} name={name} site={site} categories={categories} />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('sites.navigation.remove', { name: label })}
              onClick={() => operation.remove(name)}
            />
          </Flex>
        );
      })}
    </>
  );
}

/**
 * The navigation bar: up to 10 links in order, each to one of the site's categories, the official site of
 * its contact info, or an https address. Ordered by dragging or with each row's up and down buttons.
 */
export function NavigationBar() {
  const { t } = useTranslation();
  const { siteId, data: site } = useSite();
  const categories = useCategories(siteId);
  const { readOnly } = useSiteEditing();
  const [form] = Form.useForm<Values>();
  const { busy, save } = useSiteSave(form, 'navigation.', ['links']);
  const links: Row[] = Form.useWatch('links', form) ?? [];
  if (!site) return null;
  const categoryList = categories.data?.list ?? [];

  return (
    <Card title={t('route.navigation-bar')}>
      <Typography.Paragraph type="secondary">{t('sites.navigation.intro')}</Typography.Paragraph>
      <nav className="site-nav-preview" aria-label={t('sites.navigation.preview')}>
        <strong>{site.name}</strong>
        {links.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the rows' order, and labels repeat.
          <span key={index}>{link?.label?.trim() || '…'}</span>
        ))}
      </nav>
      <Form<Values>
        key={site.id}
        form={form}
        name="navigation-bar"
        disabled={readOnly}
        initialValues={{ links: site.navigation.map(toRow) }}
        onFinish={(values) =>
          void save(() => sitesApi.saveNavigation({ id: site.id, navigation: (values.links ?? []).map(toLink) }))
        }
      >
        <Form.List name="links">
          {(fields, operation) => (
            <>
              <LinkRows
                form={form}
                fields={fields}
                operation={operation}
                site={site}
                categories={categoryList}
                readOnly={readOnly}
              />
              <Flex gap={12} align="center" wrap className="site-nav-actions">
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= NAVIGATION_MAX}
                  onClick={() =>
                    operation.add({ label: '', kind: categoryList.length > 0 ? 'category' : 'url' } satisfies Row)
                  }
                >
                  {t('sites.navigation.add')}
                </Button>
                <Typography.Text type="secondary" data-testid="nav-usage">
                  {t('sites.navigation.usage', { used: fields.length, max: NAVIGATION_MAX })}
                </Typography.Text>
                <Button type="primary" htmlType="submit" loading={busy}>
                  {t('sites.save')}
                </Button>
              </Flex>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
