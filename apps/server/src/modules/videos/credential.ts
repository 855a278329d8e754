import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../errors.ts';

/**
 * The temporary storage credential of the console contract ("credentials {tmpSecretId, tmpSecretKey, sessionToken},
 * startTime, expiredTime"). It is a grant, not a secret: an HMAC-signed statement "account A may upload
 * files of kind K under directory D until T". Part URLs are signed only for a caller holding a valid one,
 * so a leaked credential is worth 15 minutes of uploads into its owner's own directory, and no long-lived
 * storage key ever reaches a browser.
 */
export type UploadGrant = { accountId: string; dir: string; kind: 'video' | 'image'; expiresAt: number; id: string };

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** `loadSecret` is asked once, on first use (the key lives in the database, shared by every process). */
export function createCredentialSigner(loadSecret: () => Promise<Buffer>) {
  let secret: Promise<Buffer> | undefined;
  const mac = async (payload: string) => {
    secret ??= loadSecret().catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return createHmac('sha256', await secret)
      .update(`upload-grant.${payload}`)
      .digest();
  };

  return {
    async issue(grant: Omit<UploadGrant, 'id'>, now: Date) {
      const id = randomBytes(12).toString('hex');
      const payload = b64(JSON.stringify({ ...grant, id }));
      const signature = await mac(payload);
      return {
        credentials: {
          tmpSecretId: id,
          tmpSecretKey: b64(signature.subarray(0, 16)),
          sessionToken: `${payload}.${b64(signature)}`,
        },
        startTime: Math.floor(now.getTime() / 1000),
        expiredTime: grant.expiresAt,
      };
    },

    /** The grant a session token carries, checked for signature, owner and expiry. */
    async verify(token: string | undefined, accountId: string, now: Date): Promise<UploadGrant> {
      const invalid = () => forbidden('upload_credential_invalid');
      if (!token || token.length > 2000) throw invalid();
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) throw invalid();
      const expected = await mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      let grant: UploadGrant;
      try {
        grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant;
      } catch {
        throw invalid();
      }
      if (grant.accountId !== accountId) throw invalid();
      if (grant.expiresAt * 1000 <= now.getTime()) throw forbidden('upload_credential_expired');
      return grant;
    },
  };
}
export type CredentialSigner = ReturnType<typeof createCredentialSigner>;
