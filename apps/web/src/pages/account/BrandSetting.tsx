import type { Brand } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Result, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandsApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { useRowAction } from '../../api/queries.ts';
import { LinkNotice } from '../../components/LinkNotice.tsx';
import { usePeriodGate } from '../../components/periodGate.ts';
import { RemoveButton } from '../../components/RemoveButton.tsx';
import { UpgradeNotice } from '../../components/UpgradeNotice.tsx';
import { displayDomain } from '../../features/domains/punycode.ts';
import { useCustomDomains, useDomainsAccess } from '../../features/domains/useCustomDomains.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { BrandDialog, brandKeys } from './BrandDialog.tsx';

const COLORS = ['pageBackgroundColor', 'buttonColor', 'buttonFontColor'] as const;

function BrandActions({
  brand,
  allowed,
  onEdit,
  gate,
}: {
  brand: Brand;
  allowed: boolean;
  onEdit: () => void;
  gate: (action: () => void) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useRowAction(
    brandKeys.all,
    () => brandsApi.remove(brand.id),
    () => message.success(t('brands.removed')),
  );
  return (
    <Flex gap={8} wrap>
      {allowed && (
        <Button size="small" onClick={() => gate(onEdit)} data-testid="brand-edit">
          {t('brands.edit')}
        </Button>
      )}
      <RemoveButton
        title={t('brands.removeConfirm', { name: brand.name })}
        label={t('brands.remove')}
        cancelText={t('brands.cancel')}
        onConfirm={() => gate(() => remove.mutate())}
        loading={remove.isPending}
        testId="brand-remove"
      />
    </Flex>
  );
}

/**
 * Brand setting (the console contract global-settings/brand-setting): the publisher name, logo, favicon and
 * colours the pages on one of the account's custom domains show. "Brands require a custom domain", a plan
 * without canUseBranding sees the upgrade instead (and may still delete the brands it made), and a plan's
 * cap on brands stops the next one. Changes close from Frozen on, with custom domains (docs/product.md
 * "Brands"), where the period gate asks to renew.
 */
export function BrandSetting() {
  const { t } = useTranslation();
  const account = useAccountStore((s) => s.account);
  const list = useQuery({ queryKey: routeKey('brand.list'), queryFn: brandsApi.list, enabled: Boolean(account) });
  const domains = useCustomDomains();
  const domainsAccess = useDomainsAccess();
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const periodGate = usePeriodGate();
  const gate = (action: () => void) => (isLocked(account, 'customDomain') ? periodGate(action) : action());

  const title = <Typography.Title level={4}>{t('route.brand-setting')}</Typography.Title>;
  const intro = <Typography.Paragraph type="secondary">{t('brands.intro')}</Typography.Paragraph>;
  if (list.error) return <Result status="error" title={errorText(list.error)} />;
  if (!list.data) return <Skeleton active />;
  const { list: brands, cap, allowed } = list.data;
  const accountDomains = domains.data?.list ?? [];
  const full = brands.length >= cap;
  // "Brands require a custom domain": none on the account (or none on its plan) stops a new brand.
  const noDomain =
    domainsAccess.known && (!domainsAccess.canList || (domains.isSuccess && accountDomains.length === 0));

  const columns: TableColumnsType<Brand> = [
    { title: t('brands.column.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('brands.column.logo'),
      key: 'logo',
      render: (_, brand) =>
        brand.logoUrl ? <img src={brand.logoUrl} alt={t('brands.logo')} className="brand-thumb" /> : '—',
    },
    {
      title: t('brands.column.colors'),
      key: 'colors',
      render: (_, brand) => (
        <Flex gap={4}>
          {COLORS.map((name) => (
            <span
              key={name}
              className="brand-swatch"
              role="img"
              title={`${t(`brands.${name}`)} ${brand[name]}`}
              aria-label={`${t(`brands.${name}`)} ${brand[name]}`}
              style={{ background: brand[name] }}
            />
          ))}
        </Flex>
      ),
    },
    {
      title: t('brands.column.domain'),
      key: 'domain',
      render: (_, brand) =>
        brand.domain ? (
          displayDomain(brand.domain)
        ) : (
          <Typography.Text type="warning">{t('brands.domainGone')}</Typography.Text>
        ),
    },
    {
      title: t('brands.column.actions'),
      key: 'actions',
      render: (_, brand) => (
        <BrandActions brand={brand} allowed={allowed} gate={gate} onEdit={() => setEditing(brand)} />
      ),
    },
  ];

  return (
    <div className="brand-setting-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        {title}
        {allowed && (
          <Flex gap={12} align="center">
            <Typography.Text type="secondary" data-testid="brand-usage">
              {t('brands.usage', { used: brands.length, cap })}
            </Typography.Text>
            <Button
              type="primary"
              data-testid="brand-create"
              disabled={full || noDomain}
              onClick={() => gate(() => setEditing('new'))}
            >
              {t('brands.create')}
            </Button>
          </Flex>
        )}
      </Flex>
      {intro}
      {!allowed && (
        <UpgradeNotice
          className="brands-upgrade"
          style={{ marginBottom: 16 }}
          title={t('errors.branding_not_allowed')}
          action={t('brands.upgrade')}
        />
      )}
      {allowed && noDomain && (
        <LinkNotice
          style={{ marginBottom: 16 }}
          title={t('brands.noDomain')}
          to="/account/custom-domain"
          action={t('brands.addDomain')}
        />
      )}
      {allowed && full && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('errors.brands_too_many')} />
      )}
      {(allowed || brands.length > 0) && (
        <Table<Brand>
          rowKey="id"
          aria-label={t('route.brand-setting')}
          columns={columns}
          dataSource={brands}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('brands.empty')} /> }}
        />
      )}
      {editing && (
        <BrandDialog
          brand={editing === 'new' ? null : editing}
          brands={brands}
          domains={accountDomains}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
