import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../stores/auth.ts';

/** Where a referral code from ?ref waits (across the sign-up page) until the account can bind it. */
export const REF_KEY = 'leadreel.ref';

/** After sign-in: store the token and go back where the user was headed, else the admin home page. */
export function useSignedIn() {
  const navigate = useNavigate();
  return (token: string, isNew = false) => {
    const { setToken, routerFrom, setLoggedOut } = useAuthStore.getState();
    setLoggedOut(false);
    setToken(token);
    if (isNew) navigate('/guide/user-guide/start-guide', { replace: true });
    else navigate(routerFrom?.path ?? '/dashboard-overview', { replace: true });
  };
}

/** The entry guard of login and register: a user who arrives already signed in goes to the console. */
export function useEntryGuard() {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival, not when signing in here
  useEffect(() => {
    if (useAuthStore.getState().authorizationToken) navigate('/dashboard-overview', { replace: true });
  }, []);
}
