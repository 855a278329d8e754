import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/endpoints.ts';
import { queryKeys, useAccountQuery, useVipQuery } from '../api/queries.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { GUIDE_STEPS } from '../constants.ts';
import { connectUploads } from '../features/upload/store.ts';
import { hasChosenLanguage, initI18n, rememberLanguage } from '../i18n/index.ts';
import { loadGuideStep } from '../pages/guide/guideSteps.ts';
import { useAccountStore } from '../stores/account.ts';
import { useAuthStore } from '../stores/auth.ts';
import { LAYOUT_ROUTE } from './routeTable.ts';
import { REF_KEY } from './session.ts';

/**
 * Loads the account and plan while a token is held (the console contract loading triggers: when the token is present
 * or changes, and when the tab becomes visible again) and runs start-up steps 1 to 4 of the console contract once per token.
 */
export function AccountLoader({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const token = useAuthStore((s) => s.authorizationToken);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const account = useAccountQuery();
  const vip = useVipQuery();
  const setAccount = useAccountStore((s) => s.setAccount);
  const setVip = useAccountStore((s) => s.setVip);
  const startedFor = useRef<string | null>(null);

  useEffect(() => setAccount(account.data ?? null), [account.data, setAccount]);
  // The uploader belongs to the signed-in user: their unfinished uploads come back after a reload.
  const userId = account.data?.userId;
  useEffect(() => (userId ? connectUploads(userId) : undefined), [userId]);
  useEffect(() => setVip(vip.data ?? null), [vip.data, setVip]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.account });
        void queryClient.invalidateQueries({ queryKey: queryKeys.vip });
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);

  useEffect(() => {
    const info = account.data;
    if (!info || !token || startedFor.current === token) return;
    startedFor.current = token;
    // A browser where no language was ever picked (a new device) speaks the account's language. One where it
    // was keeps that choice: it was made here, perhaps on the sign-in screen a moment ago.
    if (!hasChosenLanguage() && info.language !== i18n.language) {
      rememberLanguage(info.language);
      void initI18n(info.language);
    }
    // Step 2: bind the referrer from ?ref (or the one kept from the sign-up page), then reload account info.
    const ref = params.get('ref') ?? sessionStorage.getItem(REF_KEY);
    if (ref && !info.refererId && !info.isReferer && ref !== info.userId) {
      sessionStorage.removeItem(REF_KEY);
      authApi
        .bindReferrer({ ref })
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.account }))
        .catch(() => undefined);
    }
    // Step 3: a saved guide step in the Normal period goes back to that step, from the admin home only: a page
    // the user asked for (a link in a lead or receipt mail, a bookmark, a reload) is never taken over.
    const step = loadGuideStep(info.userId);
    const landedHome = ['/', `/${LAYOUT_ROUTE.redirect}`].includes(pathname.replace(/\/+$/, '') || '/');
    if (step !== null && info.vipPeriod === 'normal-period' && landedHome) {
      navigate(`/guide/user-guide/${GUIDE_STEPS[step]}`, { replace: true });
    }
    // Step 4: ?pay goes to the plan purchase.
    if (params.has('pay')) navigate('/buy-vip', { replace: true });
  }, [account.data, token, params, pathname, navigate, queryClient, i18n]);

  if (!account.data) return <PageLoading label={t('app.loading')} />;
  return children;
}
