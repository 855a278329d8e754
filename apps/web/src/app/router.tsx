import { createBrowserRouter, type RouteObject } from 'react-router';
import { setLockedHandler, setSignedOutHandler } from '../api/index.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { RootShell } from './RootShell.tsx';
import type { RouteDef } from './routeDef.ts';
import { BLOG_TO_VIDEO_ROUTE, PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './routeTable.ts';

/**
 * Every page is fetched when its route is first visited (React Router's `lazy`), so the sign-in screen loads
 * what signing in needs and no more: the signed-in layout, the video list with its player, the settings
 * screens and the charts come in their own chunks. Each area names its pages' loaders in its routes.
 */
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
        const [{ PermittedOutlet }, Layout] = await Promise.all([elements(), def.layout?.() ?? null]);
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
  const load = def.page ?? null;
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

const DELETE_ACCOUNT_PATH = '/account/delete-account';

export function createAppRouter() {
  const router = createBrowserRouter(createRoutes());
  // a 403 clears the stored token and redirects to login.
  setSignedOutHandler(() => void router.navigate('/login', { replace: true }));
  // signed in during a deletion's grace period, every screen leads to cancelling it.
  setLockedHandler(() => {
    if (router.state.location.pathname !== DELETE_ACCOUNT_PATH)
      void router.navigate(DELETE_ACCOUNT_PATH, { replace: true });
  });
  return router;
}
