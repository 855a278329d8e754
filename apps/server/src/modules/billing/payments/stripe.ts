import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import type { OrderService } from '../orders.service.ts';
import type { PaymentProvider, ProviderOutcome } from './provider.ts';

/** Stripe's own limit on a webhook's age: older signatures are refused, so a captured one cannot be replayed. */
const TOLERANCE_SECONDS = 300;

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  /** Another address for the API (a test's fake Stripe). */
  apiUrl?: string;
};

export function stripeClient(settings: StripeSettings) {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * Cards through Stripe Checkout (issue 15 item 2): a Checkout Session per order, created with the order id
 * as its idempotency key (a retried request makes one session) and expiring with the order.
 */
export function stripeProvider(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  return {
    name: 'stripe',
    methods: ['card'],
    publicKey: settings.publishableKey,
    async start(order, { origin, returnPath }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amount,
                product_data: { name: order.description },
              },
            },
          ],
          customer_email: order.email,
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          locale: order.language === 'zh_CN' ? 'zh' : 'en',
          expires_at: Math.floor(order.expiresAt.getTime() / 1000),
          success_url: `${origin}${returnPath}`,
          // The console cancels the order when the payer comes back this way.
          cancel_url: `${origin}${returnPath}&canceled=1`,
        },
        { idempotencyKey: `order-${order.id}` },
      );
      if (!session.url) throw new Error(`Stripe gave session ${session.id} no URL`);
      return { providerRef: session.id, checkoutUrl: session.url, qrCode: null };
    },
    async refund(order, reason) {
      const session = await stripe.checkout.sessions.retrieve(order.providerRef);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${session.id} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: order.amount, metadata: { orderId: order.id, reason: reason.slice(0, 500) } },
        { idempotencyKey: `refund-${order.id}` },
      );
      return refund.id;
    },
  };
}

/** What a Checkout Session event says about its order; null for events that say nothing about payment. */
export function stripeOutcome(event: Stripe.Event): { sessionId: string; outcome: ProviderOutcome } | null {
  if (!event.type.startsWith('checkout.session.')) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const paid: ProviderOutcome = {
    status: 'paid',
    amount: session.amount_total ?? -1,
    currency: (session.currency ?? '').toUpperCase(),
  };
  switch (event.type) {
    case 'checkout.session.completed':
      // A delayed method (a bank debit) completes unpaid; its async_payment_succeeded event pays it.
      return session.payment_status === 'unpaid' ? null : { sessionId: session.id, outcome: paid };
    case 'checkout.session.async_payment_succeeded':
      return { sessionId: session.id, outcome: paid };
    case 'checkout.session.async_payment_failed':
      return { sessionId: session.id, outcome: { status: 'failed', reason: 'the payment was declined' } };
    case 'checkout.session.expired':
      return { sessionId: session.id, outcome: { status: 'expired' } };
    default:
      return null;
  }
}

/**
 * Stripe's webhook endpoint: each event is verified by its signature (raw body, 300 s tolerance) and
 * applied once by its id, in the transaction that applies it. Stripe retries anything but a 2xx, so a
 * crash before the commit is applied by the retry; events of other integrations on the same Stripe
 * account are acknowledged and left alone.
 */
export const stripeRoutes: FastifyPluginAsync<{
  stripe: Stripe;
  webhookSecret: string;
  orders: OrderService;
}> = async (app, { stripe, webhookSecret, orders }) => {
  // The signature covers the exact bytes sent: they must not be parsed and re-serialized first.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  app.post('/pay/stripe/webhook', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      return reply.code(400).send({ error: 'missing Stripe-Signature header or body' });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret, TOLERANCE_SECONDS);
    } catch (error) {
      request.log.warn({ err: error }, 'refused a Stripe webhook whose signature does not verify');
      return reply.code(400).send({ error: 'signature does not verify' });
    }
    const applied = stripeOutcome(event);
    if (!applied) return reply.send({ received: true });
    const order = await orders.byProviderRef('stripe', applied.sessionId);
    if (!order) {
      request.log.info({ event: event.id, session: applied.sessionId }, 'Stripe event for a session of no order here');
      return reply.send({ received: true });
    }
    await orders.settle(order.id, applied.outcome, { provider: 'stripe', id: event.id });
    return reply.send({ received: true });
  });
};
