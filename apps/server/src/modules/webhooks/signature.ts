import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes, as Stripe's look. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `LeadReel-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, Stripe's
 * scheme (https://docs.stripe.com/webhooks#verify-manually). The timestamp is signed with the body, so a
 * receiver that checks it is recent also refuses replays of an old delivery.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does (our tests too): true when a v1 signature matches and t is within the tolerance. */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { nowSeconds: number; toleranceSeconds?: number },
): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string?]);
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(options.nowSeconds - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split('v1=')[1] ?? '', 'hex');
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
