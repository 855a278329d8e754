import type { BillingPlan, PaymentMethod, PaymentProviderName, PlanType } from '@leadreel/shared';
import { UUID_PATTERN } from '@leadreel/shared/text';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { Catalogue } from '../entitlements/catalogue.ts';
import type { EventBus } from '../events/events.ts';
import type { BillingService } from './billing.service.ts';
import type { CreditService } from './credits.service.ts';
import type { OrderRepo, OrderRow } from './orders.repo.ts';
import type { PaymentProvider, ProviderOutcome } from './payments/provider.ts';
import { periodBought, planTimeline } from './plan-period.ts';
import type { SubscriptionRepo } from './subscriptions.repo.ts';

export const orderNotFound = () => notFound('order_not_found');

/** An invoice paid or refunded, as those told of it see it (the affiliates' commissions). */
export type InvoiceEvent = {
  orderId: string;
  invoiceNumber: string;
  /** Whose invoice it is: the payer. */
  accountId: string;
  kind: OrderRow['kind'];
  /** The plan it bought; null for credits. */
  planType: OrderRow['plan_type'];
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Who took the money: the sandbox takes none. */
  provider: OrderRow['provider'];
  at: Date;
};

/**
 * Told of each invoice paid and each refunded, inside the transaction that pays or refunds it, so what
 * they write commits with it or not at all. Billing knows nothing of who listens (modules/affiliates).
 */
export type InvoiceHooks = {
  paid: (trx: Db, invoice: InvoiceEvent) => Promise<void>;
  refunded: (trx: Db, invoice: InvoiceEvent) => Promise<void>;
};

const invoiceEvent = (order: OrderRow, invoiceNumber: string, at: Date): InvoiceEvent => ({
  orderId: order.id,
  invoiceNumber,
  accountId: order.account_id,
  kind: order.kind,
  planType: order.plan_type,
  amount: Number(order.amount),
  currency: order.currency,
  provider: order.provider,
  at,
});

export type SettlementDeps = {
  repo: OrderRepo;
  subscriptions: SubscriptionRepo;
  billing: Pick<BillingService, 'describePlan'>;
  accounts: Pick<AccountService, 'lockWithRights' | 'openPlan' | 'startTrafficPeriodOf' | 'markPaid'>;
  credits: Pick<CreditService, 'add' | 'reverse' | 'expirePlanGrant'>;
  events: EventBus;
  catalogue: Catalogue;
  /** Which provider takes each method; a method missing here is not offered. */
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  invoiceHooks?: InvoiceHooks;
  clock: Clock;
  log: Logger;
};

/**
 * What happens to an order after checkout (orders.service.ts makes it): the provider's word settles it
 * once, a subscription renews it as an order of its own, an operator refunds it. Each in one transaction
 * with what it gives or takes back, its invoice, and the invoice hooks. Each answers the order's id; the
 * order service answers the order.
 */
export function createSettlement(deps: SettlementDeps) {
  const { repo, catalogue, providers, clock } = deps;

  /** What a paid order gives, in the settling transaction. */
  async function give(trx: Db, order: OrderRow, now: Date) {
    if (order.kind === 'credits') {
      await deps.credits.add(order.account_id, 'purchase', {
        amount: order.credits as number,
        key: `order:${order.id}`,
        reference: order.description,
        trx,
      });
      return { period_start: null, period_end: null };
    }
    const plan = order.plan_type as NonNullable<OrderRow['plan_type']>;
    const { rights } = await deps.accounts.lockWithRights(trx, order.account_id);
    const period = periodBought(
      rights,
      { plan, billing: order.billing_plan as 'month' | 'yr', currency: order.currency },
      catalogue,
      now,
    );
    await deps.accounts.openPlan(order.account_id, plan, period.end, trx);
    // A period that starts now starts its traffic and credits afresh; a renewal's start when the running
    // one ends (the billing periods' job).
    const startsNow = period.start.getTime() === now.getTime();
    if (startsNow) await deps.accounts.startTrafficPeriodOf(trx, order.account_id, now);
    const credits = catalogue.plans[plan].creditsPerPeriod;
    if (startsNow) await deps.credits.expirePlanGrant(order.account_id, trx);
    if (credits > 0 && startsNow) {
      await deps.credits.add(order.account_id, 'grant', {
        amount: credits,
        key: `order:${order.id}:grant`,
        reference: order.description,
        trx,
      });
    }
    return { period_start: period.start, period_end: period.end };
  }

  type Replaced = { provider: PaymentProviderName; ref: string };

  /**
   * A paid plan order with auto-renew on starts the account's subscription (ending the one it had: a
   * plan change replaces it; `replaced` collects it, to be ended at its provider once this commits).
   * Answers its id, or null for an order that does not renew.
   */
  async function subscribe(trx: Db, order: OrderRow, providerRef: string | undefined, replaced: Replaced[]) {
    if (!order.auto_renew || order.kind !== 'plan') return null;
    const earlier = await deps.subscriptions.active(order.account_id, trx);
    if (earlier) {
      await deps.subscriptions.end(earlier.id, clock.now(), trx);
      replaced.push({ provider: earlier.provider, ref: earlier.provider_ref });
    }
    const { id } = await deps.subscriptions.insert(trx, {
      account_id: order.account_id,
      provider: order.provider === 'stripe' ? 'stripe' : 'sandbox',
      provider_ref: providerRef ?? `sbx_sub_${order.id}`,
      plan_type: order.plan_type as NonNullable<OrderRow['plan_type']>,
      billing_plan: order.billing_plan as NonNullable<OrderRow['billing_plan']>,
      amount: Number(order.amount),
      currency: order.currency,
    });
    return id;
  }

  /** Ends the replaced subscriptions at their provider; one that fails is logged for an operator. */
  async function endReplaced(replaced: readonly Replaced[]) {
    for (const { provider, ref } of replaced) {
      const at = Object.values(providers).find((candidate) => candidate.name === provider);
      await at?.endSubscription?.(ref).catch((error: unknown) => {
        deps.log.error({ err: error, subscription: ref }, 'could not end a replaced subscription at its provider');
      });
    }
  }

  /**
   * A payment for an order that no longer takes one is refunded at its provider (the refund's key is the
   * order's, so a retried notice refunds once) and the order marked refunded with nothing given. A refund
   * that fails throws: the notice is answered with an error and its provider sends it again.
   */
  async function giveBackLate(trx: Db, order: OrderRow, paid: { amount: number; currency: string }, now: Date) {
    const provider = Object.values(providers).find((candidate) => candidate.name === order.provider);
    if (!provider) {
      deps.log.error(
        { orderId: order.id, provider: order.provider },
        'a closed order was paid at a provider no longer configured: refund it there',
      );
      return;
    }
    const refundRef = await provider.refund(
      { id: order.id, providerRef: order.provider_ref ?? '', amount: paid.amount, currency: paid.currency },
      'paid after the order closed',
    );
    deps.log.warn({ orderId: order.id, status: order.status, refundRef }, 'a closed order was paid: refunded');
    await repo.update(trx, order.id, {
      status: 'refunded',
      failure: 'paid_after_close',
      refund_ref: refundRef,
      refunded_at: now,
      refund_reason: 'paid after the order closed',
    });
  }

  /** What a refunded order gave, taken back in the refunding transaction. */
  async function takeBack(trx: Db, order: OrderRow, now: Date) {
    if (order.kind === 'credits') {
      await deps.credits.reverse(order.account_id, {
        amount: order.credits as number,
        key: `refund:order:${order.id}`,
        reference: order.description,
        trx,
      });
      return;
    }
    const { account } = await deps.accounts.lockWithRights(trx, order.account_id);
    // The plan is what the orders left paid make it, replayed in the order they were paid: days a later
    // plan change carried over from this order go with it. An operator's plan stands as the operator set it.
    if (!account.plan_by_admin) {
      const left = (await repo.paidPlanOrders(trx, order.account_id)).filter((paid) => paid.id !== order.id);
      const timeline = planTimeline(
        left.map((paid) => ({
          id: paid.id,
          plan: paid.plan_type as PlanType,
          billing: paid.billing_plan as BillingPlan,
          currency: paid.currency,
          paidAt: paid.settled_at as Date,
        })),
        catalogue,
        now,
      );
      for (const [id, period] of timeline.periods) {
        await repo.update(trx, id, { period_start: period.start, period_end: period.end });
      }
      await deps.accounts.openPlan(order.account_id, timeline.plan, timeline.end, trx);
    }
    // Its plan's credits go only while that plan runs: a plan changed since lapsed them already, and the
    // credits on the balance now are the later plan's, paid for by the order that stays.
    const granted =
      account.plan_type === order.plan_type
        ? catalogue.plans[order.plan_type as NonNullable<OrderRow['plan_type']>].creditsPerPeriod
        : 0;
    if (granted > 0) {
      await deps.credits.reverse(order.account_id, {
        amount: granted,
        key: `refund:order:${order.id}:grant`,
        reference: order.description,
        trx,
      });
    }
  }

  return {
    /**
     * Applies what the provider reports, once (once per provider event id when it has one). Paid: the
     * amount and currency must be the order's, else it fails (and is logged for an operator). Failed,
     * canceled or expired: only a pending order changes. So any order of arrival ends the same way.
     */
    async settle(orderId: string, outcome: ProviderOutcome, event?: { provider: PaymentProviderName; id: string }) {
      const now = clock.now();
      const replaced: Replaced[] = [];
      await deps.events.transaction(async (trx, publish) => {
        // A retried transaction starts from nothing replaced.
        replaced.length = 0;
        const order = await repo.lock(trx, orderId);
        if (!order) throw orderNotFound();
        if (event && !(await repo.recordEvent(trx, event.provider, event.id, orderId))) return;
        if (order.status === 'paid' || order.status === 'refunded') return;
        if (outcome.status !== 'paid') {
          // Only a pending order fails or ends: a late "expired" never undoes a payment that came first.
          if (order.status !== 'pending') return;
          const failure = outcome.status === 'failed' ? outcome.reason.slice(0, 500) : null;
          await repo.update(trx, order.id, { status: outcome.status, failure, settled_at: now });
          return;
        }
        // Money taken for an order the buyer canceled, or that failed, buys nothing: it goes back to the payer
        // at once (docs/product.md, "Payments, refunds and referrals"). An expired one was paid in time: the
        // provider's checkout closes when the order expires, and only its notice came late (a provider
        // retries for days while a server is down).
        if (order.status === 'canceled' || order.status === 'failed') {
          await giveBackLate(trx, { ...order, invoice_number: null }, outcome, now);
          return;
        }
        if (outcome.amount !== Number(order.amount) || outcome.currency !== order.currency) {
          deps.log.error({ orderId, reported: outcome, amount: order.amount }, 'payment does not match its order');
          await repo.update(trx, order.id, { status: 'failed', failure: 'amount_mismatch', settled_at: now });
          return;
        }
        const full = { ...order, invoice_number: null };
        // From the first payment on, no referrer can be bound to the account.
        await deps.accounts.markPaid(trx, order.account_id, now);
        const period = await give(trx, full, now);
        const subscriptionId = order.subscription_id ?? (await subscribe(trx, full, outcome.subscriptionRef, replaced));
        await repo.update(trx, order.id, {
          status: 'paid',
          settled_at: now,
          failure: null,
          subscription_id: subscriptionId,
          ...period,
        });
        const invoiceNumber = await repo.issueInvoice(trx, {
          prefix: `LR-${now.getUTCFullYear()}`,
          order_id: order.id,
          account_id: order.account_id,
          description: order.description,
          amount: order.amount,
          currency: order.currency,
          issued_at: now,
        });
        await deps.invoiceHooks?.paid(trx, invoiceEvent(full, invoiceNumber, now));
        publish('order.paid', { orderId: order.id });
        if (order.kind === 'plan') publish('plan.opened', { accountId: order.account_id });
      });
      // Only what this settle's committed transaction replaced: a rolled-back one ends nothing.
      await endReplaced(replaced);
    },

    /**
     * A subscription renewed (Stripe's invoice paid, the sandbox's cycle): the renewal is an order of its
     * own, made once per provider reference and settled as paid, so it extends the plan, grants nothing
     * twice, and is invoiced and mailed like any payment.
     */
    async renew(
      subscriptionId: string,
      payment: { providerRef: string; amount: number; currency: string; eventId: string },
    ) {
      const subscription = await deps.subscriptions.find(subscriptionId);
      if (subscription?.status !== 'active') return null;
      const description = await deps.billing.describePlan(
        subscription.account_id,
        subscription.plan_type,
        subscription.billing_plan,
      );
      const now = clock.now();
      const orderId = await repo.insertRenewal({
        account_id: subscription.account_id,
        kind: 'plan',
        product_id: `${subscription.plan_type}-${subscription.billing_plan}-${subscription.currency}`,
        plan_type: subscription.plan_type,
        billing_plan: subscription.billing_plan,
        credits: null,
        description,
        amount: payment.amount,
        currency: payment.currency,
        method: 'card',
        provider: subscription.provider,
        provider_ref: payment.providerRef,
        expires_at: now,
        subscription_id: subscription.id,
      });
      await this.settle(
        orderId,
        { status: 'paid', amount: payment.amount, currency: payment.currency },
        { provider: subscription.provider, id: payment.eventId },
      );
      return orderId;
    },

    /**
     * Refunds a paid order in full (an operator's `leadreel admin refund`): the provider gives the money
     * back first (once per order, whatever happens next), then in one transaction the order is marked
     * refunded, what it gave is taken back, and `record` (the operator's log) is written. A plan order's
     * refund recomputes the plan from the plan orders left paid (`planTimeline`); a plan left with no time
     * goes back to Free. Credits already spent stay spent.
     */
    async refund(reference: string, reason: string, record?: (trx: Db, order: OrderRow) => Promise<void>) {
      const row = UUID_PATTERN.test(reference) ? await repo.find(reference) : await repo.byInvoiceNumber(reference);
      if (!row) throw orderNotFound();
      if (row.status !== 'paid') throw conflict('order_not_refundable');
      const toRefund = {
        id: row.id,
        providerRef: row.provider_ref ?? '',
        amount: Number(row.amount),
        currency: row.currency,
      };
      let refundRef: string;
      if (row.provider === 'sandbox') refundRef = `sbx_refund_${row.id}`;
      else {
        const provider = Object.values(providers).find((candidate) => candidate.name === row.provider);
        if (!provider) throw conflict('payment_method_unavailable');
        refundRef = await provider.refund(toRefund, reason);
      }
      const now = clock.now();
      await deps.events.transaction(async (trx, publish) => {
        const order = await repo.lock(trx, row.id);
        if (order?.status !== 'paid') return;
        await takeBack(trx, { ...order, invoice_number: row.invoice_number }, now);
        await repo.update(trx, order.id, {
          status: 'refunded',
          refund_ref: refundRef,
          refunded_at: now,
          refund_reason: reason.slice(0, 500),
        });
        if (row.invoice_number) {
          await deps.invoiceHooks?.refunded(
            trx,
            invoiceEvent({ ...order, invoice_number: null }, row.invoice_number, now),
          );
        }
        await record?.(trx, row);
        publish('order.refunded', { orderId: order.id });
      });
      return row.id;
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
