import { createRemoteJWKSet, jwtVerify } from 'jose';

export type GoogleIdentity = { sub: string; email: string };

/** Verifies a Google ID token against Google's JWKS for our client id (https://developers.google.com/identity/gsi/web/guides/verify-google-id-token). */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return async (idToken: string): Promise<GoogleIdentity | null> => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: options.clientId,
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
      // An unverified address could belong to someone else: never sign in or link by it.
      if (payload.email_verified !== true) return null;
      return { sub: payload.sub, email: payload.email.toLowerCase() };
    } catch {
      return null;
    }
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
