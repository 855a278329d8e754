import { Result } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { setSignedOutHandler } from '../api/index.ts';
import { NotAvailable } from '../components/NotAvailable.tsx';
import { EmailNotification } from '../pages/account/EmailNotification.tsx';
import { Memberships } from '../pages/account/Memberships.tsx';
import { ChangePassword, SetPassword } from '../pages/account/PasswordForms.tsx';
import { Webhooks } from '../pages/account/Webhooks.tsx';
import { ForgetPassword } from '../pages/auth/ForgetPassword.tsx';
import { Login } from '../pages/auth/Login.tsx';
import { Register } from '../pages/auth/Register.tsx';
import { ResetPassword } from '../pages/auth/ResetPassword.tsx';
import { Overview } from '../pages/dashboard/Overview.tsx';
import { UserGuide } from '../pages/guide/UserGuide.tsx';
import { FormSubmissions } from '../pages/leads/FormSubmissions.tsx';
import { BrandingSetting } from '../pages/video-setting/BrandingSetting.tsx';
import { ContactButtonSetting } from '../pages/video-setting/ContactButtonSetting.tsx';
import { InquiryFormSetting } from '../pages/video-setting/InquiryFormSetting.tsx';
import { KitCloneSetting } from '../pages/video-setting/KitCloneSetting.tsx';
import { ShareSetting, SuperActionSetting, WidgetSetting } from '../pages/video-setting/OverlaySettings.tsx';
import { SeoPageSetting } from '../pages/video-setting/SeoPageSetting.tsx';
import { SubtitleSetting } from '../pages/video-setting/SubtitleSetting.tsx';
import { VideoSettingsLayout } from '../pages/video-setting/VideoSettingsLayout.tsx';
import { VideoList } from '../pages/videos/VideoList.tsx';
import { useAccountStore } from '../stores/account.ts';
import { AppLayout } from './AppLayout.tsx';
import { isPermitted, redirectTarget } from './guards.ts';
import { RootShell } from './RootShell.tsx';
import { BLOG_TO_VIDEO_ROUTE, type PageKey, PUBLIC_ROUTES, type RouteDef, SIGNED_IN_ROUTES } from './routeTable.ts';
import { AccountLoader } from './Startup.tsx';

const PAGES: Record<Exclude<PageKey, 'not-available'>, ComponentType> = {
  login: Login,
  register: Register,
  'forget-password': ForgetPassword,
  'reset-password': ResetPassword,
  dashboard: Overview,
  'video-list': VideoList,
  memberships: Memberships,
  'change-password': ChangePassword,
  'set-password': SetPassword,
  'guide-step': UserGuide,
  'seo-page': SeoPageSetting,
  'contact-button': ContactButtonSetting,
  branding: BrandingSetting,
  'super-action': SuperActionSetting,
  widget: WidgetSetting,
  share: ShareSetting,
  subtitle: SubtitleSetting,
  'kit-clone': KitCloneSetting,
  'form-submit-data': FormSubmissions,
  'inquiry-form': InquiryFormSetting,
  'email-notification': EmailNotification,
  webhooks: Webhooks,
};

function ParentRedirect({ def }: { def: RouteDef }) {
  const account = useAccountStore((s) => s.account);
  const target = redirectTarget(def, account);
  return target ? <Navigate to={target} replace /> : <Forbidden />;
}

function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('errors.forbidden')} />;
}

function Page({ def }: { def: RouteDef }) {
  const account = useAccountStore((s) => s.account);
  if (def.meta.ingoreAuthrization !== true && account && !isPermitted(def, account)) return <Forbidden />;
  if (!def.page || def.page === 'not-available') return <NotAvailable title={def.meta.title} />;
  const Component = PAGES[def.page];
  return <Component />;
}

/** Route objects from the route table; ids join the names, since names repeat across sections. */
function toRouteObject(def: RouteDef, parentId: string): RouteObject {
  const id = `${parentId}/${def.name}`;
  const children = def.children?.map((child) => toRouteObject(child, id));
  return {
    id,
    path: def.path,
    handle: { def },
    element: children ? (
      <PermittedOutlet def={def}>{def.name === 'video-setting' && <VideoSettingsLayout def={def} />}</PermittedOutlet>
    ) : (
      <Page def={def} />
    ),
    children: children ? [{ index: true, element: <ParentRedirect def={def} /> }, ...children] : undefined,
  };
}

/** The children of a permitted route: in the section's own layout when it has one, else as they are. */
function PermittedOutlet({ def, children }: { def: RouteDef; children?: ReactNode }) {
  const account = useAccountStore((s) => s.account);
  if (account && !isPermitted(def, account)) return <Forbidden />;
  return children || <Outlet />;
}

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title="404" subTitle={t('route.not-found')} />;
}

const NOT_FOUND: RouteDef = {
  name: 'not-found',
  path: '*',
  meta: { title: 'route.not-found', ingoreAuthrization: true },
};

export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootShell />,
      children: [
        ...PUBLIC_ROUTES.map((def) => toRouteObject(def, 'public')),
        {
          id: 'signed-in',
          element: (
            <AccountLoader>
              <AppLayout />
            </AccountLoader>
          ),
          children: SIGNED_IN_ROUTES.map((def) => toRouteObject(def, 'app')),
        },
        {
          id: 'editor',
          element: (
            <AccountLoader>
              <div className="editor-layout">
                <Outlet />
              </div>
            </AccountLoader>
          ),
          children: [toRouteObject(BLOG_TO_VIDEO_ROUTE, 'editor')],
        },
        { id: 'not-found', path: '*', handle: { def: NOT_FOUND }, element: <NotFound /> },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  // spec §4: a 403 clears the stored token and redirects to login.
  setSignedOutHandler(() => void router.navigate('/login', { replace: true }));
  return router;
}
