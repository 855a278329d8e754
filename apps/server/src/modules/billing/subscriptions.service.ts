import type { PaymentMethod } from '@leadreel/shared';
import type { Logger } from 'pino';
import { conflict, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { OrderService } from './orders.service.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { SubscriptionRepo } from './subscriptions.repo.ts';

const DAY_MS = 86_400_000;

/**
 * Subscriptions (the console contract Subscription: auto-renew on or off): a plan bought by card with
 * auto-renew renews each period until it is turned off, then ends on its date. Stripe charges its own
 * subscriptions and tells us by webhook; the sandbox's are charged by the renewal job a day before the end.
 */
export function createSubscriptionService(deps: {
  repo: SubscriptionRepo;
  orders: Pick<OrderService, 'renew'>;
  accounts: Pick<AccountService, 'find'>;
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  clock: Clock;
  log: Logger;
}) {
  const { repo } = deps;
  const subscriptionNotFound = () => notFound('subscription_not_found');

  return {
    active: (accountId: string) => repo.active(accountId),

    /** The account's plan renews by itself: a subscription with auto-renew on. */
    async renewing(accountId: string) {
      const subscription = await repo.active(accountId);
      return subscription !== undefined && !subscription.cancel_at_period_end;
    },

    /** pay resume and cancel subscribe: auto-renew on or off, at the provider first. */
    async setAutoRenew(accountId: string, on: boolean) {
      const subscription = await repo.active(accountId);
      if (!subscription) throw subscriptionNotFound();
      if (subscription.cancel_at_period_end === !on) return;
      const provider = Object.values(deps.providers).find((candidate) => candidate.name === subscription.provider);
      if (subscription.provider !== 'sandbox') {
        if (!provider?.setAutoRenew) throw conflict('payment_method_unavailable');
        await provider.setAutoRenew(subscription.provider_ref, on);
      }
      await repo.setCancelAtPeriodEnd(subscription.id, !on);
    },

    /** The provider says the subscription ended (canceled there, or its last period ran out). */
    async providerEnded(provider: 'stripe', ref: string) {
      const subscription = await repo.byProviderRef(provider, ref);
      if (subscription) await repo.end(subscription.id, deps.clock.now());
    },

    /** The provider says auto-renew was turned on or off there (Stripe's customer portal). */
    async providerUpdated(provider: 'stripe', ref: string, cancelAtPeriodEnd: boolean) {
      const subscription = await repo.byProviderRef(provider, ref);
      if (subscription?.status === 'active') await repo.setCancelAtPeriodEnd(subscription.id, cancelAtPeriodEnd);
    },

    byProviderRef: (provider: 'stripe', ref: string) => repo.byProviderRef(provider, ref),

    /**
     * Charges the sandbox's renewing subscriptions whose plan ends within a day (or has ended), once per
     * plan end: the renewal order's reference names the end it renews.
     */
    async renewSandbox() {
      const now = deps.clock.now();
      let renewed = 0;
      for (const subscription of await repo.renewingSandbox()) {
        const account = await deps.accounts.find(subscription.account_id);
        const end = account?.period_end_at;
        if (!end || account.plan_type !== subscription.plan_type || end.getTime() - now.getTime() > DAY_MS) continue;
        const reference = `sbx_cycle_${subscription.id}_${end.toISOString()}`;
        try {
          await deps.orders.renew(subscription.id, {
            providerRef: reference,
            amount: Number(subscription.amount),
            currency: subscription.currency,
            eventId: reference,
          });
          renewed += 1;
        } catch (error) {
          deps.log.error({ err: error, subscription: subscription.id }, 'sandbox renewal failed');
        }
      }
      return renewed;
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
