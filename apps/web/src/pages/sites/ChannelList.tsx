import { ExportOutlined, SettingOutlined } from '@ant-design/icons';
import type { Brand, Site } from '@leadreel/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Result, Skeleton, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { brandsApi, sitesApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import { useRowAction } from '../../api/queries.ts';
import { LinkNotice } from '../../components/LinkNotice.tsx';
import { usePeriodGate } from '../../components/periodGate.ts';
import { RemoveButton } from '../../components/RemoveButton.tsx';
import { useCustomDomains } from '../../features/domains/useCustomDomains.ts';
import { formatDateMinute } from '../../format.ts';
import { isLocked, useAccountStore } from '../../stores/account.ts';
import { useCustomDomainStore } from '../../stores/customDomain.ts';
import { AddSiteDialog } from './AddSiteDialog.tsx';
import { SitesUpgradeNotice } from './SitesUpgradeNotice.tsx';
import { settingsPath, siteAddresses, siteKeys } from './siteData.ts';
import './sites.css';

function SiteActions({
  site,
  address,
  gate,
}: {
  site: Site;
  /** Where the site opens; none while it is not served. */
  address: string | undefined;
  gate: (action: () => void) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useRowAction(
    siteKeys.all,
    () => sitesApi.remove(site.id),
    () => message.success(t('sites.removed')),
  );
  return (
    <Flex gap={8} wrap>
      <Link to={settingsPath(site.id)}>
        <Button size="small" icon={<SettingOutlined />}>
          {t('sites.settings')}
        </Button>
      </Link>
      <Button size="small" icon={<ExportOutlined />} href={address} target="_blank" rel="noopener" disabled={!address}>
        {t('sites.open')}
      </Button>
      <RemoveButton
        title={t('sites.removeConfirm', { name: site.name })}
        label={t('sites.remove')}
        cancelText={t('sites.cancel')}
        onConfirm={() => gate(() => remove.mutate())}
        loading={remove.isPending}
        testId="site-remove"
      />
    </Flex>
  );
}

/**
 * The sites list (the console contract channel-list): each site, the brand it is shown under, where it is
 * served, and the way to its settings. "Sites are available from the Lite plan up", a site is shown under
 * one of the account's brands ("No brands are available, so a site cannot be created"), and the plan's cap
 * stops the next one. A plan without sites still sees, and may delete, the ones it made.
 */
export function ChannelList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountStore((s) => s.account);
  const list = useQuery({ queryKey: siteKeys.list, queryFn: sitesApi.list, enabled: Boolean(account) });
  const brandList = useQuery({ queryKey: routeKey('brand.list'), queryFn: brandsApi.list, enabled: Boolean(account) });
  useCustomDomains();
  const activeDomains = useCustomDomainStore((s) => s.domains);
  const [adding, setAdding] = useState(false);
  const periodGate = usePeriodGate();
  const gate = (action: () => void) => (isLocked(account, 'customDomain') ? periodGate(action) : action());

  const error = list.error ?? brandList.error;
  if (error) return <Result status="error" title={errorText(error)} />;
  if (!list.data || !brandList.data) return <Skeleton active />;
  const { list: sites, allowed, cap } = list.data;
  const brands = brandList.data.list;
  const full = sites.length >= cap;
  const noBrand = brands.length === 0;
  const addressesOf = (site: Site) =>
    siteAddresses(site, { sites, brands, activeDomains, origin: window.location.origin, served: allowed });

  const columns: TableColumnsType<Site> = [
    {
      title: t('sites.column.name'),
      key: 'name',
      render: (_, site) => (
        <Flex gap={12} align="center">
          {site.pictureUrl ? (
            <img src={site.pictureUrl} alt="" className="site-thumb" />
          ) : (
            <span className="site-thumb site-thumb-empty" aria-hidden="true">
              {site.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <Link to={settingsPath(site.id)}>{site.name}</Link>
        </Flex>
      ),
    },
    {
      title: t('sites.column.brand'),
      key: 'brand',
      render: (_, site) => {
        const brand: Brand | undefined = brands.find((candidate) => candidate.id === site.brandId);
        return brand ? brand.name : <Tag color="warning">{t('sites.brandGone')}</Tag>;
      },
    },
    {
      title: t('sites.column.address'),
      key: 'address',
      render: (_, site) => {
        const addresses = addressesOf(site);
        if (addresses.length === 0) return '—';
        return (
          <Space orientation="vertical" size={0}>
            {addresses.map((address) => (
              // Shown without the scheme, so the actions beside it fit; the link keeps it.
              <Typography.Link
                key={address}
                href={address}
                target="_blank"
                rel="noopener"
                title={address}
                className="site-address"
              >
                {address.replace(/^https?:\/\//, '')}
              </Typography.Link>
            ))}
          </Space>
        );
      },
    },
    {
      title: t('sites.column.updated'),
      key: 'updated',
      render: (_, site) => formatDateMinute(site.updatedAt),
    },
    {
      title: t('sites.column.actions'),
      key: 'actions',
      // Kept in view when a long name or address widens the table past a laptop's width, as the videos list does.
      fixed: 'right',
      render: (_, site) => <SiteActions site={site} address={addressesOf(site)[0]} gate={gate} />,
    },
  ];

  return (
    <div className="sites-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('route.channel-list')}</Typography.Title>
        {allowed && (
          <Flex gap={12} align="center">
            <Typography.Text type="secondary" data-testid="site-usage">
              {t('sites.usage', { used: sites.length, cap })}
            </Typography.Text>
            <Button
              type="primary"
              data-testid="site-create"
              disabled={full || noBrand}
              onClick={() => gate(() => setAdding(true))}
            >
              {t('sites.create')}
            </Button>
          </Flex>
        )}
      </Flex>
      <Typography.Paragraph type="secondary">{t('sites.intro')}</Typography.Paragraph>
      {!allowed && <SitesUpgradeNotice />}
      {allowed && noBrand && (
        <LinkNotice
          className="sites-notice"
          title={t('errors.site_brand_required')}
          to="/account/global-settings/brand-setting"
          action={t('sites.addBrand')}
        />
      )}
      {allowed && full && (
        <LinkNotice
          type="warning"
          className="sites-notice"
          title={t('errors.sites_too_many')}
          to="/buy-vip"
          action={t('sites.upgrade')}
          primary={false}
        />
      )}
      {(allowed || sites.length > 0) && (
        <Table<Site>
          rowKey="id"
          aria-label={t('route.channel-list')}
          columns={columns}
          dataSource={sites}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('sites.empty')} /> }}
        />
      )}
      {adding && (
        <AddSiteDialog
          brands={brands}
          onClose={() => setAdding(false)}
          onCreated={(site) => navigate(settingsPath(site.id))}
        />
      )}
    </div>
  );
}
