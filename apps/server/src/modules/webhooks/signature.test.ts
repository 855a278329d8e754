import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader, verifySignature } from './signature.ts';

const BODY = '{"id":"evt_1","type":"test"}';
const SECRET = 'whsec_test_secret';

describe('the LeadReel-Signature header', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    // printf '%s' '1700000000.{"id":"evt_1","type":"test"}' | openssl dgst -sha256 -hmac whsec_test_secret
    expect(signatureHeader(SECRET, BODY, 1_700_000_000)).toBe(
      't=1700000000,v1=a0bb9bdb8d6051a3cc87d1afaa1ea57ac43f0768ad34d66326df4de0ec5b7426',
    );
  });

  it('verifies with the secret, the exact body and a recent timestamp only', () => {
    const header = signatureHeader(SECRET, BODY, 1_700_000_000);
    expect(verifySignature(SECRET, BODY, header, { nowSeconds: 1_700_000_010 })).toBe(true);
    expect(verifySignature('whsec_other', BODY, header, { nowSeconds: 1_700_000_010 })).toBe(false);
    expect(verifySignature(SECRET, `${BODY} `, header, { nowSeconds: 1_700_000_010 })).toBe(false);
    expect(verifySignature(SECRET, BODY, header, { nowSeconds: 1_700_000_000 + 301 })).toBe(false);
    expect(
      verifySignature(SECRET, BODY, header.replace('t=1700000000', 't=1700000001'), { nowSeconds: 1_700_000_000 }),
    ).toBe(false);
  });

  it('makes a new whsec_ secret each time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
