import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setSignedOutHandler } from '../api/index.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { RootShell } from './RootShell.tsx';
import { BLOG_TO_VIDEO_ROUTE, type PageKey, PUBLIC_ROUTES, type RouteDef, SIGNED_IN_ROUTES } from './routeTable.ts';

/**
 * Every page is fetched when its route is first visited (React Router's `lazy`), so the sign-in screen loads
 * what signing in needs and no more: the signed-in layout, the video list with its player, the settings
 * screens and the charts come in their own chunks. Grouped as the spec groups its routes.
 */
const PAGES: Record<Exclude<PageKey, 'not-available'>, () => Promise<ComponentType>> = {
  // the public (auth) screens
  login: () => import('../pages/auth/Login.tsx').then((m) => m.Login),
  register: () => import('../pages/auth/Register.tsx').then((m) => m.Register),
  'forget-password': () => import('../pages/auth/ForgetPassword.tsx').then((m) => m.ForgetPassword),
  'reset-password': () => import('../pages/auth/ResetPassword.tsx').then((m) => m.ResetPassword),
  // the dashboard, videos and leads
  dashboard: () => import('../pages/dashboard/Overview.tsx').then((m) => m.Overview),
  'video-list': () => import('../pages/videos/VideoList.tsx').then((m) => m.VideoList),
  'form-submit-data': () => import('../pages/leads/FormSubmissions.tsx').then((m) => m.FormSubmissions),
  // the account
  memberships: () => import('../pages/account/Memberships.tsx').then((m) => m.Memberships),
  'change-password': () => import('../pages/account/PasswordForms.tsx').then((m) => m.ChangePassword),
  'set-password': () => import('../pages/account/PasswordForms.tsx').then((m) => m.SetPassword),
  'email-notification': () => import('../pages/account/EmailNotification.tsx').then((m) => m.EmailNotification),
  webhooks: () => import('../pages/account/Webhooks.tsx').then((m) => m.Webhooks),
  // the guide
  'guide-step': () => import('../pages/guide/UserGuide.tsx').then((m) => m.UserGuide),
  // a video's settings
  'seo-page': () => import('../pages/video-setting/SeoPageSetting.tsx').then((m) => m.SeoPageSetting),
  'contact-button': () => import('../pages/video-setting/ContactButtonSetting.tsx').then((m) => m.ContactButtonSetting),
  branding: () => import('../pages/video-setting/BrandingSetting.tsx').then((m) => m.BrandingSetting),
  'super-action': () => import('../pages/video-setting/OverlaySettings.tsx').then((m) => m.SuperActionSetting),
  widget: () => import('../pages/video-setting/OverlaySettings.tsx').then((m) => m.WidgetSetting),
  share: () => import('../pages/video-setting/OverlaySettings.tsx').then((m) => m.ShareSetting),
  subtitle: () => import('../pages/video-setting/SubtitleSetting.tsx').then((m) => m.SubtitleSetting),
  'kit-clone': () => import('../pages/video-setting/KitCloneSetting.tsx').then((m) => m.KitCloneSetting),
  'inquiry-form': () => import('../pages/video-setting/InquiryFormSetting.tsx').then((m) => m.InquiryFormSetting),
};

/** The frames and guards of the signed-in routes. */
const elements = () => import('./routeElements.tsx');

/** Route objects from the route table; ids join the names, since names repeat across sections. */
function toRouteObject(def: RouteDef, parentId: string): RouteObject {
  const id = `${parentId}/${def.name}`;
  const handle = { def };
  if (def.children) {
    return {
      id,
      path: def.path,
      handle,
      async lazy() {
        const [{ PermittedOutlet }, layout] = await Promise.all([
          elements(),
          def.name === 'video-setting' ? import('../pages/video-setting/VideoSettingsLayout.tsx') : null,
        ]);
        const Layout = layout?.VideoSettingsLayout;
        return { element: <PermittedOutlet def={def}>{Layout && <Layout def={def} />}</PermittedOutlet> };
      },
      children: [
        {
          index: true,
          async lazy() {
            const { ParentRedirect } = await elements();
            return { element: <ParentRedirect def={def} /> };
          },
        },
        ...def.children.map((child) => toRouteObject(child, id)),
      ],
    };
  }
  const load = def.page && def.page !== 'not-available' ? PAGES[def.page] : null;
  return {
    id,
    path: def.path,
    handle,
    async lazy() {
      // The public screens have no guard to pass: they need only their own page.
      if (def.meta.ingoreAuthrization && load) return { Component: await load() };
      const [{ GuardedPage }, Component] = await Promise.all([elements(), load?.() ?? null]);
      return { element: <GuardedPage def={def} Component={Component} /> };
    },
  };
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
      // Shown while the first screen's chunks arrive.
      hydrateFallbackElement: <PageLoading />,
      children: [
        ...PUBLIC_ROUTES.map((def) => toRouteObject(def, 'public')),
        {
          id: 'signed-in',
          lazy: async () => ({ Component: (await elements()).SignedInLayout }),
          children: SIGNED_IN_ROUTES.map((def) => toRouteObject(def, 'app')),
        },
        {
          id: 'editor',
          lazy: async () => ({ Component: (await elements()).EditorLayout }),
          children: [toRouteObject(BLOG_TO_VIDEO_ROUTE, 'editor')],
        },
        {
          id: 'not-found',
          path: '*',
          handle: { def: NOT_FOUND },
          lazy: async () => ({ Component: (await elements()).NotFound }),
        },
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
