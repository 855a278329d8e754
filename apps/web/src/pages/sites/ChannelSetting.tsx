import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Menu, type MenuProps, Result, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { brandsApi, sitesApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { routeKey } from '../../api/keys.ts';
import type { RouteDef } from '../../app/routeDef.ts';
import { useCustomDomains } from '../../features/domains/useCustomDomains.ts';
import { useCustomDomainStore } from '../../stores/customDomain.ts';
import { SitesUpgradeNotice } from './SitesUpgradeNotice.tsx';
import { siteAddresses, siteKeys, useSite, useSiteEditing } from './siteData.ts';
import './sites.css';

type MenuItem = Required<MenuProps>['items'][number];

/** The settings sections as a menu: a section with children (the profile) is a group of its screens. */
function menuItems(routes: RouteDef[], base: string, t: (key: string) => string): MenuItem[] {
  return routes.map((route) => {
    const key = `${base}/${route.path}`;
    return route.children
      ? { type: 'group' as const, key, label: t(route.meta.title), children: menuItems(route.children, key, t) }
      : { key, label: t(route.meta.title) };
  });
}

/**
 * One site's settings (the console contract /channel-setting/{brandChannelId}): the site's name, the way
 * back to the list and to the site itself, and the sections in a menu beside the open one.
 */
export function ChannelSetting({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { siteId, data: site, error } = useSite();
  const brands = useQuery({ queryKey: routeKey('brand.list'), queryFn: brandsApi.list });
  const sites = useQuery({ queryKey: siteKeys.list, queryFn: sitesApi.list });
  useCustomDomains();
  const activeDomains = useCustomDomainStore((s) => s.domains);
  const { locked, allowed } = useSiteEditing();

  const back = (
    <Link to="/channel-list" className="site-back">
      <ArrowLeftOutlined /> {t('sites.back')}
    </Link>
  );
  if (error) {
    const missing = error instanceof ApiError && (error.status === 404 || error.code === 'site_not_found');
    return (
      <div className="site-settings">
        {back}
        <Result status={missing ? '404' : 'error'} title={missing ? t('errors.site_not_found') : errorText(error)} />
      </div>
    );
  }
  if (!site) return <Skeleton active />;

  // Which of the brand's sites its domain serves at the root is known once the list is.
  const address = sites.data
    ? siteAddresses(site, {
        sites: sites.data.list,
        brands: brands.data?.list ?? [],
        activeDomains,
        origin: window.location.origin,
        served: allowed,
      })[0]
    : undefined;
  const base = `/channel-setting/${siteId}`;
  return (
    <div className="site-settings">
      {back}
      <Flex justify="space-between" align="center" wrap gap={8} className="site-settings-header">
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} className="site-settings-name">
            {site.name}
          </Typography.Title>
          {!site.brandId && <Tag color="warning">{t('sites.brandGone')}</Tag>}
        </Flex>
        <Button icon={<ExportOutlined />} href={address} target="_blank" rel="noopener" disabled={!address}>
          {t('sites.viewSite')}
        </Button>
      </Flex>
      {!allowed && <SitesUpgradeNotice />}
      {allowed && locked && <Alert type="warning" showIcon className="sites-notice" title={t('errors.plan_period')} />}
      <div className="site-settings-body">
        <Menu
          className="site-settings-menu"
          mode="inline"
          aria-label={t('sites.sections')}
          selectedKeys={[location.pathname]}
          items={menuItems(def.children ?? [], base, t)}
          onClick={({ key }) => navigate(key)}
        />
        <div className="site-settings-screen">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
