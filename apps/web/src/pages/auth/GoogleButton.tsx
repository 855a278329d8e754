import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/index.ts';
import { useSignedIn } from '../../app/session.ts';

type GoogleId = {
  initialize: (options: { client_id: string; callback: (answer: { credential: string }) => void }) => void;
  renderButton: (element: HTMLElement, options: Record<string, unknown>) => void;
};
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

// Google Identity Services (https://developers.google.com/identity/gsi/web/guides/display-button).
const GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

function loadGsi(): Promise<GoogleId> {
  if (window.google) return Promise.resolve(window.google.accounts.id);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google.accounts.id) : reject(new Error('no gsi')));
    script.onerror = () => reject(new Error('gsi unreachable'));
    document.head.append(script);
  });
}

/** Google's own sign-in button; its ID token goes to /api/auth/login/google, which verifies it. */
export function GoogleButton({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const target = useRef<HTMLDivElement>(null);
  // What went wrong, worded at render so it follows a language switch.
  const [problem, setProblem] = useState<{ error: unknown } | { key: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the button is drawn once per client and language
  useEffect(() => {
    let cancelled = false;
    loadGsi().then(
      (gsi) => {
        if (cancelled || !target.current) return;
        gsi.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            authApi
              .loginWithGoogle({ idToken: credential })
              .then((answer) => signedIn(answer.accessToken, answer.isNew === true))
              .catch((error) => setProblem({ error }));
          },
        });
        gsi.renderButton(target.current, {
          theme: 'outline',
          size: 'large',
          width: 392,
          locale: i18n.language === 'zh_CN' ? 'zh_CN' : 'en',
        });
      },
      () => !cancelled && setProblem({ key: 'auth.googleNotLoaded' }),
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, i18n.language]);

  return (
    <>
      <div ref={target} style={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />
      {problem && (
        <div role="alert" className="auth-notice auth-notice-warning">
          {'error' in problem ? errorText(problem.error) : t(problem.key)}
        </div>
      )}
    </>
  );
}
