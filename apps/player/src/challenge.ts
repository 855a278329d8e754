/**
 * The inquiry form's challenge (Cloudflare Turnstile or hCaptcha), when the installation asks for one
 * (CAPTCHA_PROVIDER): the provider's script is loaded once, the first time a form shows, and its widget
 * drawn in the form's slot. Both providers put the same explicit-render API on `window`.
 */
type ChallengeApi = {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      theme?: 'dark' | 'light' | 'auto';
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
    },
  ): string | number;
  reset(widget?: string | number): void;
};

type Provider = 'turnstile' | 'hcaptcha';
const PROVIDERS: readonly string[] = ['turnstile', 'hcaptcha'];

let loading: Promise<ChallengeApi> | null = null;

function load(provider: Provider, script: string): Promise<ChallengeApi> {
  const api = () => (window as unknown as Partial<Record<Provider, ChallengeApi>>)[provider];
  loading ??= new Promise<ChallengeApi>((resolve, reject) => {
    const present = api();
    if (present) return resolve(present);
    const tag = document.createElement('script');
    tag.src = script;
    tag.async = true;
    tag.onload = () => {
      const loaded = api();
      if (loaded) resolve(loaded);
      else reject(new Error(`${provider} did not load`));
    };
    tag.onerror = () => reject(new Error(`${provider} did not load`));
    document.head.append(tag);
  }).catch((error: unknown) => {
    // A script that failed (a blocked network) is tried again by the next form that shows.
    loading = null;
    throw error;
  });
  return loading;
}

/** A form's challenge: the viewer's pass once solved ('' until then), and a fresh one after a pass was used. */
export type Challenge = { token: () => string; reset: () => void };

/** Draws the form's challenge in its slot; null when the installation asks for none. */
export function mountChallenge(form: HTMLFormElement): Challenge | null {
  const { challenge: provider, challengeKey: siteKey, challengeScript: script } = form.dataset;
  const slot = form.querySelector<HTMLElement>('.lr-form-challenge');
  if (!provider || !PROVIDERS.includes(provider) || !siteKey || !script || !slot) return null;
  let token = '';
  let widget: string | number | undefined;
  let api: ChallengeApi | undefined;
  load(provider as Provider, script).then(
    (loaded) => {
      api = loaded;
      widget = loaded.render(slot, {
        sitekey: siteKey,
        theme: 'dark',
        callback: (pass) => {
          token = pass;
        },
        'expired-callback': () => {
          token = '';
        },
        'error-callback': () => {
          token = '';
        },
      });
    },
    // Without the widget the form is still sent; the server answers that the check is missing, in words.
    () => undefined,
  );
  return {
    token: () => token,
    reset: () => {
      token = '';
      if (api && widget !== undefined) api.reset(widget);
    },
  };
}
