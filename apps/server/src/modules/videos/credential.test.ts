import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCredentialSigner } from './credential.ts';

const now = new Date('2026-11-22T12:00:00Z');
const inSeconds = (s: number) => Math.floor(now.getTime() / 1000) + s;
const signer = createCredentialSigner(async () => randomBytes(32));
const grant = { accountId: 'a1', dir: 'sources/a1/', kind: 'video' as const, expiresAt: inSeconds(900) };

describe('upload credentials (the console contract storage credential)', () => {
  it('issues the spec shape and verifies for its account until it expires', async () => {
    const issued = await signer.issue(grant, now);
    expect(issued.startTime).toBe(inSeconds(0));
    expect(issued.expiredTime).toBe(inSeconds(900));
    const token = issued.credentials.sessionToken;
    await expect(signer.verify(token, 'a1', now)).resolves.toMatchObject({ accountId: 'a1', dir: 'sources/a1/' });
    await expect(signer.verify(token, 'a1', new Date(now.getTime() + 900_000))).rejects.toMatchObject({
      code: 'upload_credential_expired',
    });
  });

  it.each([
    ['missing', () => undefined],
    ['empty', () => ''],
    ['garbage', () => 'abc'],
    ['too long', () => 'x'.repeat(3000)],
  ])('refuses a %s token', async (_, token) => {
    await expect(signer.verify(token(), 'a1', now)).rejects.toMatchObject({ code: 'upload_credential_invalid' });
  });

  it("refuses another account's token, a forged payload and another server's signature", async () => {
    const token = (await signer.issue(grant, now)).credentials.sessionToken;
    await expect(signer.verify(token, 'a2', now)).rejects.toMatchObject({ code: 'upload_credential_invalid' });
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...grant, accountId: 'a2', id: 'x' })).toString('base64url')}.${signature}`;
    await expect(signer.verify(forged, 'a2', now)).rejects.toMatchObject({ code: 'upload_credential_invalid' });
    const other = createCredentialSigner(async () => randomBytes(32));
    await expect(other.verify(token, 'a1', now)).rejects.toMatchObject({ code: 'upload_credential_invalid' });
  });
});
