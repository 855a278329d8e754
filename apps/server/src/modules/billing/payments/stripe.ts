import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import type { OrderService } from '../orders.service.ts';
import type { SubscriptionService } from '../subscriptions.service.ts';
import {
  shapeProblem,
  stripeEventShape,
  stripeInvoiceShape,
  stripeSessionShape,
  stripeSubscriptionShape,
} from './notifications.ts';
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
 * Cards through Stripe Checkout: a Checkout Session per order, created with the order id
 * as its idempotency key (a retried request makes one session) and expiring with the order.
 */
export function stripeProvider(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  /**
   * The payment behind an order: a Checkout Session's payment intent (one-time), or the first invoice's
   * (a subscription); a renewal's reference is its invoice.
   */
  async function paymentIntentOf(ref: string): Promise<string | null> {
    const idOf = (value: string | { id: string } | null | undefined) =>
      typeof value === 'string' ? value : (value?.id ?? null);
    if (ref.startsWith('in_')) {
      const invoice = (await stripe.invoices.retrieve(ref)) as unknown as { payment_intent?: string | { id: string } };
      return idOf(invoice.payment_intent);
    }
    const session = await stripe.checkout.sessions.retrieve(ref);
    if (session.payment_intent) return idOf(session.payment_intent);
    if (!session.invoice) return null;
    const invoice = (await stripe.invoices.retrieve(idOf(session.invoice) as string)) as unknown as {
      payment_intent?: string | { id: string };
    };
    return idOf(invoice.payment_intent);
  }

  return {
    name: 'stripe',
    methods: ['card'],
    publicKey: settings.publishableKey,
    async start(order, { origin, returnPath }) {
      const session = await stripe.checkout.sessions.create(
        {
          // Auto-renew on: a subscription Stripe charges each period (its invoices reach our webhook).
          mode: order.renewEvery ? 'subscription' : 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amount,
                product_data: { name: order.description },
                ...(order.renewEvery ? { recurring: { interval: order.renewEvery } } : {}),
              },
            },
          ],
          ...(order.renewEvery ? { subscription_data: { metadata: { orderId: order.id } } } : {}),
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
    async setAutoRenew(subscriptionRef, on) {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: !on });
    },
    async endSubscription(subscriptionRef) {
      await stripe.subscriptions.cancel(subscriptionRef);
    },
    async refund(order, reason) {
      const intent = await paymentIntentOf(order.providerRef);
      if (!intent) throw new Error(`Stripe has no payment to refund for ${order.providerRef}`);
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
  const session = stripeSessionShape.parse(event.data.object);
  const subscription = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  const paid: ProviderOutcome = {
    status: 'paid',
    amount: session.amount_total ?? -1,
    currency: (session.currency ?? '').toUpperCase(),
    ...(subscription ? { subscriptionRef: subscription } : {}),
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
  subscriptions: SubscriptionService;
}> = async (app, { stripe, webhookSecret, orders, subscriptions }) => {
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
    try {
      stripeEventShape.parse(event);
      return await applyEvent(event);
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
      // Signed, so Stripe's; a shape we do not handle is acknowledged (a retry would bring the same).
      request.log.warn(
        { provider: 'stripe', problem: shapeProblem(error) },
        'acknowledged a Stripe event of a shape not handled',
      );
      return reply.send({ received: true });
    }
  });

  async function applyEvent(event: Stripe.Event) {
    if (await subscriptionEvent(event, orders, subscriptions)) return { received: true };
    const applied = stripeOutcome(event);
    if (!applied) return { received: true };
    const order = await orders.byProviderRef('stripe', applied.sessionId);
    if (!order) {
      app.log.info({ event: event.id, session: applied.sessionId }, 'Stripe event for a session of no order here');
      return { received: true };
    }
    await orders.settle(order.id, applied.outcome, { provider: 'stripe', id: event.id });
    return { received: true };
  }
};

/** The subscription a Stripe invoice belongs to (its place moved in API version 2025-03-31). */
function invoiceSubscription(invoice: z.infer<typeof stripeInvoiceShape>): string | null {
  const value = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/**
 * A subscription's own events: a renewal's invoice paid (an order of its own, once per event), auto-renew
 * turned off or on in Stripe's portal, the subscription ended. True when the event was one of them.
 */
async function subscriptionEvent(event: Stripe.Event, orders: OrderService, subscriptions: SubscriptionService) {
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = stripeInvoiceShape.parse(event.data.object);
      // The first invoice is the checkout's own payment (checkout.session.completed applies it).
      if (invoice.billing_reason !== 'subscription_cycle') return true;
      const ref = invoiceSubscription(invoice);
      const subscription = ref ? await subscriptions.byProviderRef('stripe', ref) : undefined;
      if (!subscription) return true;
      await orders.renew(subscription.id, {
        providerRef: invoice.id,
        amount: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        eventId: event.id,
      });
      return true;
    }
    case 'customer.subscription.updated': {
      const subscription = stripeSubscriptionShape.parse(event.data.object);
      await subscriptions.providerUpdated('stripe', subscription.id, subscription.cancel_at_period_end === true);
      return true;
    }
    case 'customer.subscription.deleted':
      await subscriptions.providerEnded('stripe', stripeSubscriptionShape.parse(event.data.object).id);
      return true;
    default:
      return false;
  }
}
