import { i18n } from '../i18n/index.ts';
import { useAccountStore } from '../stores/account.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useCustomDomainStore } from '../stores/customDomain.ts';
import { ApiError, createApiClient } from './client.ts';

const sessionResets = new Set<() => void>();
/**
 * What else a session holds registers here when its module loads (the uploader does), so this fetch client,
 * which the sign-in screen needs, does not carry the upload engine.
 */
export function onClearSession(reset: () => void) {
  sessionResets.add(reset);
}

/** Clears everything a signed-in session held (logout empties the account and custom-domain stores). */
export function clearSession() {
  useAuthStore.getState().setToken(null);
  useAccountStore.getState().reset();
  useCustomDomainStore.getState().reset();
  for (const reset of sessionResets) reset();
}

let onSignedOut: () => void = () => undefined;
let onLocked: () => void = () => undefined;
/** The router registers where a 423 (the account is scheduled for deletion) sends the user. */
export function setLockedHandler(handler: () => void) {
  onLocked = handler;
}
/** The router registers where a 403 sends the user. */
export function setSignedOutHandler(handler: () => void) {
  onSignedOut = handler;
}

export const api = createApiClient({
  getToken: () => useAuthStore.getState().authorizationToken,
  getLanguage: () => i18n.language || 'en',
  onUnauthorized: () => {
    clearSession();
    onSignedOut();
  },
  onLocked: () => onLocked(),
});

/**
 * The user-facing text of an error: the translation of its key filled with the server's values (an image's
 * reason), else the server's words.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    return i18n.exists(key) ? i18n.t(key, { ...error.values, status: error.status }) : error.message;
  }
  return i18n.t('errors.internal_error');
}
