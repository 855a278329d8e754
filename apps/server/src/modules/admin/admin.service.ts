import { randomUUID } from 'node:crypto';
import type { PlanType } from '@leadreel/shared';
import { AppError } from '../../errors.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AffiliateService } from '../affiliates/affiliates.service.ts';
import type { CreditService } from '../billing/credits.service.ts';
import type { OrderService } from '../billing/orders.service.ts';
import type { EventBus } from '../events/events.ts';
import type { AdminRepo } from './admin.repo.ts';

/** A refusal the operator reads as it is (no such account, a date in the past). */
export class AdminError extends Error {}

/**
 * What an operator does by hand (`leadreel admin`; the console has no admin screen): look an
 * account up, open a plan for it (the console contract bySuperAdminOpen), grant credits. Each action is logged with
 * who ran it.
 */
export function createAdminService(deps: {
  repo: AdminRepo;
  accounts: Pick<AccountService, 'findByEmail' | 'withRights' | 'openPlan' | 'find' | 'setReferrer'>;
  affiliates: Pick<AffiliateService, 'payout'>;
  credits: Pick<CreditService, 'add' | 'balance'>;
  orders: Pick<OrderService, 'refund'>;
  /**
   * Each action and its log line are one transaction, logged if and only if it happened; a plan opened
   * announces it (`plan.opened`), so what Clear took of a lapsed account is rebuilt.
   */
  events: EventBus;
  now: () => Date;
}) {
  const { repo, accounts, credits, events } = deps;

  async function accountOf(email: string) {
    const account = await accounts.findByEmail(email.trim().toLowerCase());
    if (!account) throw new AdminError(`no account with the email ${email}`);
    return account;
  }

  return {
    async show(email: string) {
      const { account, rights } = await accounts.withRights((await accountOf(email)).id);
      return {
        id: account.id,
        email: account.email,
        language: account.language,
        createdAt: account.created_at,
        plan: rights.plan,
        period: rights.period,
        periodEnd: rights.periodEnd,
        storage: { used: rights.usage.storageBytes, cap: rights.caps.storageBytes },
        traffic: { used: rights.usage.trafficBytes, cap: rights.caps.trafficBytes },
        credits: await credits.balance(account.id),
      };
    },

    /** Opens `plan` until the end of `until` (UTC), or for good when it is null. */
    async openPlan(operator: string, email: string, plan: PlanType, until: Date | null) {
      const account = await accountOf(email);
      if (until && until.getTime() <= deps.now().getTime()) throw new AdminError('the end date must be in the future');
      await events.transaction(async (trx, publish) => {
        await accounts.openPlan(account.id, plan, until, trx, true);
        if (plan !== 'Free') publish('plan.opened', { accountId: account.id });
        await repo.record(
          {
            operator,
            action: 'open-plan',
            account_id: account.id,
            account_email: account.email,
            detail: { plan, until: until?.toISOString() ?? null },
          },
          trx,
        );
      });
    },

    async grantCredits(operator: string, email: string, amount: number, reason: string) {
      const account = await accountOf(email);
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > 10_000_000) {
        throw new AdminError('credits: a whole number from 1 to 10000000');
      }
      return events.transaction(async (trx) => {
        const { balance } = await credits.add(account.id, 'grant', {
          amount,
          key: `admin:${randomUUID()}`,
          reference: `granted by ${operator}${reason ? `: ${reason}` : ''}`.slice(0, 500),
          trx,
        });
        await repo.record(
          {
            operator,
            action: 'grant-credits',
            account_id: account.id,
            account_email: account.email,
            detail: { amount, reason },
          },
          trx,
        );
        return balance;
      });
    },

    /** Refunds a paid order (by its invoice number or id) in full, and takes back what it gave. */
    async refund(operator: string, reference: string, reason: string) {
      try {
        return await deps.orders.refund(reference.trim(), reason, async (trx, order) =>
          repo.record(
            {
              operator,
              action: 'refund',
              account_id: order.account_id,
              account_email: (await accounts.find(order.account_id))?.email ?? null,
              detail: {
                order: order.id,
                invoice: order.invoice_number,
                amount: Number(order.amount),
                currency: order.currency,
                reason,
              },
            },
            trx,
          ),
        );
      } catch (error) {
        if (error instanceof AppError) throw new AdminError(`${reference}: ${error.message}`);
        throw error;
      }
    },

    /** Makes the account a referrer in the affiliate program (the console contract isReferer), or no longer one. */
    async setReferrer(operator: string, email: string, on: boolean) {
      const account = await accountOf(email);
      await events.transaction(async (trx) => {
        await accounts.setReferrer(account.id, on, trx);
        await repo.record(
          { operator, action: 'referrer', account_id: account.id, account_email: account.email, detail: { on } },
          trx,
        );
      });
    },

    /**
     * Records that the referrer was paid what is pending, per currency (the money moves outside LeadReel);
     * answers what each payout was. Nothing pending (or a balance below zero after refunds) pays nothing.
     */
    async payout(operator: string, email: string) {
      const account = await accountOf(email);
      const paid = await events.transaction(async (trx) => {
        const payouts = await deps.affiliates.payout(trx, account.id, operator, deps.now());
        if (payouts.length > 0) {
          await repo.record(
            {
              operator,
              action: 'payout',
              account_id: account.id,
              account_email: account.email,
              detail: { payouts },
            },
            trx,
          );
        }
        return payouts;
      });
      if (paid.length === 0) throw new AdminError(`${email} has no commission to pay out`);
      return paid;
    },

    log: (limit: number) => repo.recent(limit),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
