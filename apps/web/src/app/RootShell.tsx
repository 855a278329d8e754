import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/endpoints.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { useAuthStore } from '../stores/auth.ts';
import { documentTitle, mustSignIn } from './guards.ts';
import type { RouteDef, RouteMeta } from './routeDef.ts';
import { REF_KEY } from './session.ts';
import { useBrand } from './useBrand.ts';

type Handle = { def: RouteDef };

/**
 * The root of every route: token login from ?token, the access rule, the title rule and
 * routerFrom.
 */
export function RootShell() {
  const { t } = useTranslation();
  const brand = useBrand();
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useAuthStore((s) => s.authorizationToken);
  const [checking, setChecking] = useState(() => params.has('token') || Boolean(token));
  // Where the token login sends the user. The router renders its new location in a transition, so the end of
  // navigate() can reach this shell before the new location does: until it has, the routes of the old one
  // (the index route's redirect to the home page) must not render.
  const [arriving, setArriving] = useState<string | null>(null);
  const waiting = checking || (arriving !== null && location.pathname !== arriving);
  useEffect(() => {
    if (arriving !== null && location.pathname === arriving) setArriving(null);
  }, [arriving, location.pathname]);
  const previous = useRef<{
    name: string;
    params: Record<string, string | undefined>;
    query: string;
    path: string;
  } | null>(null);

  const defs = matches.map((m) => (m.handle as Handle | undefined)?.def).filter((d): d is RouteDef => Boolean(d));
  const metas: RouteMeta[] = defs.map((d) => d.meta);
  const leaf = defs.at(-1);

  // Token login: a token from the query, or the stored one, is checked; a positive expireTime keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, at load
  useEffect(() => {
    const fromQuery = params.get('token');
    const candidate = fromQuery ?? useAuthStore.getState().authorizationToken;
    if (params.get('ref')) sessionStorage.setItem(REF_KEY, params.get('ref') ?? '');
    if (!candidate) {
      setChecking(false);
      return;
    }
    authApi
      .checkToken({ token: candidate })
      // The shell stays on its spinner until this navigation has finished: showing the routes earlier lets the
      // index route's redirect to the home page overtake the guide while the guide's code is still loading.
      .then(async ({ expireTime }) => {
        const auth = useAuthStore.getState();
        // A stale link's token must not sign out a session that is still good.
        if (expireTime > 0) auth.setToken(candidate);
        else if (candidate === auth.authorizationToken) auth.setToken(null);
        if (fromQuery) {
          const rest = new URLSearchParams(params);
          const isNew = rest.get('isNew') === 'true';
          rest.delete('token');
          rest.delete('isNew');
          const search = rest.toString();
          const toGuide = expireTime > 0 && isNew;
          const pathname = toGuide ? '/guide/user-guide/start-guide' : location.pathname;
          setArriving(pathname);
          await navigate({ pathname, search: search && !toGuide ? `?${search}` : '' }, { replace: true });
        }
      })
      .catch(() => undefined)
      .finally(() => setChecking(false));
  }, []);

  useEffect(() => {
    document.title = documentTitle(leaf?.meta, (key) => t(key), brand);
  }, [leaf, t, brand]);

  // routerFrom: the previous signed-in route (name, params, query), for the redirect after login.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run on navigation only
  useEffect(() => {
    const auth = useAuthStore.getState();
    // After an explicit logout the next sign-in starts at the home page, not where the user left.
    if (auth.loggedOut) auth.setRouterFrom(null);
    else if (previous.current) auth.setRouterFrom(previous.current);
    const isPublic = metas.some((m) => m.ingoreAuthrization);
    previous.current = isPublic
      ? null
      : {
          name: leaf?.name ?? '',
          params: matches.at(-1)?.params ?? {},
          query: location.search,
          path: location.pathname + location.search,
        };
  }, [location.pathname, location.search]);

  if (waiting) return <PageLoading label={t('auth.tokenChecking')} />;
  if (mustSignIn(metas, token)) return <Navigate to="/login" replace />;
  return <Outlet />;
}
