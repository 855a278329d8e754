import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout Session as the fake keeps it. */
export type FakeSession = {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string;
  locale: string | null;
  payment_intent: string | null;
  mode: string;
  subscription: string | null;
};

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small Stripe on loopback speaking its real protocol where LeadReel uses it: `POST /v1/checkout/sessions`
 * (form-encoded with bracketed keys, Bearer secret key, Idempotency-Key honoured), and webhook events signed
 * with the endpoint's secret by Stripe's own scheme (`Stripe-Signature: t=...,v1=...`). Keys are made here.
 */
export async function startFakeStripe() {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: Array<{ path: string; form: URLSearchParams; idempotencyKey: string | undefined }> = [];
  let failNext = false;
  type FakeRefund = { id: string; amount: number; payment_intent: string | null; metadata: { orderId: string | null } };
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  const subscriptionCalls: Array<{ id: string; method: string; cancel_at_period_end: string | null }> = [];
  let webhookUrl: string | null = null;

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(body));
    };
    // Stripe's hosted checkout, as the payer's browser sees it: the page, and its Pay button.
    const hosted = /^\/c\/pay\/(cs_test_\w+)$/.exec(request.url ?? '')?.[1];
    if (hosted) return checkoutPage(request, response, hosted);
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const form = new URLSearchParams(await readBody(request));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ path: request.url ?? '', form, idempotencyKey });
    if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
      if (failNext) {
        failNext = false;
        return send(400, { error: { type: 'invalid_request_error', message: 'Your account cannot accept payments' } });
      }
      const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return send(200, sessions.get(earlier));
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const { port } = server.address() as AddressInfo;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        amount_total:
          Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        metadata: { orderId: form.get('metadata[orderId]') ?? '' },
        payment_status: 'unpaid',
        status: 'open',
        expires_at: Number(form.get('expires_at')),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        url: `http://127.0.0.1:${port}/c/pay/${id}`,
        locale: form.get('locale'),
        mode: form.get('mode') ?? 'payment',
        payment_intent: form.get('mode') === 'subscription' ? null : `pi_${randomBytes(12).toString('hex')}`,
        subscription: form.get('mode') === 'subscription' ? `sub_${randomBytes(10).toString('hex')}` : null,
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(200, session);
    }
    const sessionId = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(request.url ?? '')?.[1];
    if (request.method === 'GET' && sessionId) {
      const session = sessions.get(sessionId);
      return session
        ? send(200, session)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    const subscriptionId = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(request.url ?? '')?.[1];
    if (subscriptionId && (request.method === 'POST' || request.method === 'DELETE')) {
      const update = {
        id: subscriptionId,
        method: request.method,
        cancel_at_period_end: form.get('cancel_at_period_end'),
      };
      subscriptionCalls.push(update);
      return send(200, {
        id: subscriptionId,
        object: 'subscription',
        status: request.method === 'DELETE' ? 'canceled' : 'active',
        cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
      });
    }
    if (request.method === 'POST' && request.url === '/v1/refunds') {
      const earlier = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (earlier) return send(200, earlier);
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: form.get('payment_intent'),
        metadata: { orderId: form.get('metadata[orderId]') },
        status: 'succeeded',
      };
      refunds.push(refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      return send(200, refund);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.url})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe(secretKey);

  /** Signs an event about `session` as Stripe does for the endpoint. */
  function event(
    type: string,
    session: FakeSession | Record<string, unknown>,
    options: { id?: string; timestamp?: number; secret?: string; changes?: Record<string, unknown> } = {},
  ) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: { ...session, ...options.changes } },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      timestamp: options.timestamp,
    });
    return { payload, signature };
  }

  /** Any JSON body signed as Stripe signs the endpoint's events: an event of a shape Stripe may one day send. */
  function signed(body: unknown) {
    const payload = JSON.stringify(body);
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  }

  /**
   * GET shows what is paid for and a Pay button; POST pays: the session completes, `checkout.session.completed`
   * goes to the webhook endpoint (delivered before the payer returns, as Stripe usually manages), and the
   * browser is sent to the success URL.
   */
  async function checkoutPage(request: IncomingMessage, response: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session) return response.writeHead(404).end('No such checkout session');
    if (request.method === 'POST') {
      await readBody(request);
      if (session.status === 'open') {
        Object.assign(session, { status: 'complete', payment_status: 'paid' });
        if (webhookUrl) {
          const { payload, signature } = event('checkout.session.completed', session);
          const delivered = await fetch(webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          });
          if (!delivered.ok) throw new Error(`the webhook endpoint answered ${delivered.status}`);
        }
      }
      return response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', id) }).end();
    }
    const price = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Fake Stripe Checkout</title><h1>Pay ${price}</h1><p>${session.customer_email ?? ''}</p>` +
        `<form method="post"><button type="submit">Pay ${price}</button></form><a href="${session.cancel_url}">Back</a>`,
    );
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    refunds,
    subscriptionCalls,
    /** The next session create is refused, as Stripe refuses an account that cannot take payments. */
    refuseNext: () => {
      failNext = true;
    },
    /** Where the hosted checkout page delivers `checkout.session.completed` when its Pay button is pressed. */
    sendWebhooksTo: (url: string) => {
      webhookUrl = url;
    },
    /**
     * An event about a session, as Stripe sends it to the endpoint: the JSON body and its signature header
     * (`timestamp` in seconds; now by default), signed with `secret` (the endpoint's by default).
     */
    event,
    signed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The server's Stripe settings for this fake: a LeadReel that takes cards through it. */
export const stripeEnv = (stripe: FakeStripe) => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_API_URL: stripe.url,
});
