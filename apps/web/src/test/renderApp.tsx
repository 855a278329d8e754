import type { Language } from '@leadreel/shared/languages';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setSignedOutHandler } from '../api/index.ts';
import { createQueryClient, Providers } from '../app/Providers.tsx';
import { createRoutes } from '../app/router.tsx';
import { initI18n, rememberLanguage } from '../i18n/index.ts';
import { useAccountStore } from '../stores/account.ts';
import { useAuthStore } from '../stores/auth.ts';

// The console fetches each page when its route is first visited. Tests load them all up front, as a static
// import did, so a test's time limit is not spent compiling the page it opens on a busy machine.
import.meta.glob(['../pages/**/*.tsx', '!../pages/**/*.test.tsx', '../app/routeElements.tsx'], { eager: true });

/** The whole console (every route, the real guards and layout) at `path`, in memory. */
/** A `language` given is one this browser picked (remembered, as the switch does); without one, none was. */
export function renderApp(
  path: string,
  { token = null as string | null, language = undefined as Language | undefined } = {},
) {
  if (language) rememberLanguage(language);
  initI18n(language ?? 'en');
  useAuthStore.setState({ authorizationToken: token, routerFrom: null, loggedOut: false });
  useAccountStore.getState().reset();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  setSignedOutHandler(() => void router.navigate('/login', { replace: true }));
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
