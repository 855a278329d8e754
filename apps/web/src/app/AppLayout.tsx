import { CloudUploadOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { authApi } from '../api/endpoints.ts';
import { clearSession } from '../api/index.ts';
import { BandwidthNotice } from '../components/BandwidthNotice.tsx';
import { BrandMark } from '../components/BrandMark.tsx';
import { COMMUNITY_EVENT, CommunityDialog } from '../components/CommunityDialog.tsx';
import { routeIcon } from '../components/icons.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { PeriodBanner } from '../components/PeriodBanner.tsx';
import { TaskCenterButton } from '../features/speech/TaskCenter.tsx';
import { useUploadStore } from '../features/upload/store.ts';
import { UploadPanel } from '../features/upload/UploadPanel.tsx';
import { useAccountStore } from '../stores/account.ts';
import { useAuthStore } from '../stores/auth.ts';
import { isPermitted } from './guards.ts';
import type { RouteDef } from './routeDef.ts';
import { ACCOUNT_ROUTE, LAYOUT_ROUTE } from './routeTable.ts';
import { useBrand } from './useBrand.ts';

type MenuItem = Required<MenuProps>['items'][number];

function menuItems(
  routes: RouteDef[],
  base: string,
  account: Parameters<typeof isPermitted>[1],
  t: (k: string) => string,
): MenuItem[] {
  return routes
    .filter((route) => !route.hidden && isPermitted(route, account))
    .map((route) => {
      const path = `${base}/${route.path}`.replace(/\/+/g, '/');
      const children = route.children ? menuItems(route.children, path, account, t) : undefined;
      return { key: path, icon: routeIcon(route.meta.icon), label: t(route.meta.title), children };
    });
}

/** on portable devices the app root gets a mobile style. */
export function isPortable(): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent) || window.innerWidth < 768;
}

/** The signed-in layout: sidebar of permitted routes, header with language and account, period banner. */
export function AppLayout() {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const account = useAccountStore((s) => s.account);
  const [mobile, setMobile] = useState(isPortable);
  const [collapsed, setCollapsed] = useState(isPortable);
  const [community, setCommunity] = useState(false);
  const taskCount = useUploadStore((s) => s.tasks.length);
  // uploading count = tasks whose status is not success.
  const uploadingCount = useUploadStore((s) => s.tasks.filter((task) => task.uploadStatus !== 'success').length);
  const setPanelOpen = useUploadStore((s) => s.setPanelOpen);

  useEffect(() => {
    const onResize = () => setMobile(isPortable());
    const openCommunity = () => setCommunity(true);
    window.addEventListener('resize', onResize);
    window.addEventListener(COMMUNITY_EVENT, openCommunity);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener(COMMUNITY_EVENT, openCommunity);
    };
  }, []);
  useEffect(() => {
    document.getElementById('root')?.classList.toggle('mobile', mobile);
  }, [mobile]);

  const items = useMemo(
    () => [...menuItems(LAYOUT_ROUTE.children ?? [], '', account, t), ...menuItems([ACCOUNT_ROUTE], '', account, t)],
    [account, t],
  );
  const selected = location.pathname;
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a popup left open closes when the sidebar opens or closes.
  useEffect(() => setPopupKeys([]), [collapsed]);
  // Open the sections that hold the current page whenever the page changes.
  useEffect(() => {
    const parts = selected.split('/').filter(Boolean).slice(0, -1);
    const parents = parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
    setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [selected]);

  const logout = async () => {
    await authApi.logout().catch(() => undefined);
    useAuthStore.getState().setLoggedOut(true);
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Layout className="app-layout">
      <Layout.Sider
        width={232}
        theme="light"
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        collapsedWidth={mobile ? 0 : 64}
        breakpoint="lg"
        trigger={mobile ? null : undefined}
        className="app-sider"
      >
        <div className="sider-brand">{collapsed ? <BrandMark brand="" /> : <BrandMark brand={brand} />}</div>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[selected]}
          // Collapsed (a phone's hidden sidebar, or the narrow one), the page's section would float over the
          // page as a popup the moment it loads: there, sections open as popups only when pointed at.
          openKeys={collapsed ? popupKeys : openKeys}
          onOpenChange={collapsed ? setPopupKeys : setOpenKeys}
          onClick={({ key }) => {
            navigate(key);
            if (mobile) setCollapsed(true);
          }}
          aria-label={t('app.menu')}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          {mobile && (
            <>
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('app.menu')}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed(!collapsed)}
              />
              <BrandMark brand={brand} />
            </>
          )}
          <div className="app-header-spacer" />
          {taskCount > 0 && (
            <Badge count={uploadingCount} size="small" offset={[-6, 6]}>
              <Button
                type="text"
                icon={<CloudUploadOutlined />}
                aria-label={t('upload.headerButton', { count: uploadingCount })}
                title={t('upload.headerButton', { count: uploadingCount })}
                onClick={() => setPanelOpen(true)}
              />
            </Badge>
          )}
          <TaskCenterButton />
          <LanguageSwitch />
          <Dropdown
            trigger={['hover', 'click']}
            menu={{
              items: [
                {
                  key: 'memberships',
                  icon: <UserOutlined />,
                  label: t('route.memberships'),
                  onClick: () => navigate('/account/memberships'),
                },
                { key: 'logout', icon: <LogoutOutlined />, label: t('app.logout'), onClick: logout },
              ],
            }}
          >
            <Button type="text" icon={<UserOutlined />} data-testid="account-menu">
              <span className="account-email">{account?.email}</span>
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="app-content">
          <PeriodBanner />
          <Outlet />
        </Layout.Content>
      </Layout>
      {mobile && !collapsed && (
        <button
          type="button"
          className="sider-backdrop"
          aria-label={t('app.closeMenu')}
          onClick={() => setCollapsed(true)}
        />
      )}
      <BandwidthNotice />
      {/* The task list lives with the layout, so uploads stay in reach on every page. */}
      <UploadPanel />
      <CommunityDialog open={community} onClose={() => setCommunity(false)} />
    </Layout>
  );
}
