import type { AffiliateData, AffiliateDataQuery, AffiliateRow, ReferredAccount } from '@leadreel/shared';
import type { Db } from '../../db/database.ts';
import { forbidden } from '../../errors.ts';
import type { AccountService } from '../account/account.service.ts';
import type { InvoiceEvent } from '../billing/settlement.ts';
import type { AffiliateRepo } from './affiliates.repo.ts';
import { maskEmail } from './mask-email.ts';

const DAY_MS = 86_400_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Affiliates (the console contract affiliate-system, Affiliate referral, "only referrers (isReferer)
 * see the affiliate-system page", pay affiliate data, affiliate percent). A referrer (made one by an
 * operator) earns the catalogue's percent of each paid invoice of an account bound to them, rounded down
 * to the currency's minor unit, and loses it again when that invoice is refunded, whether or not it was
 * paid out already. Billing tells it of both inside its own transactions (InvoiceHooks).
 */
export function createAffiliateService(deps: {
  repo: AffiliateRepo;
  accounts: Pick<AccountService, 'referralOf' | 'load' | 'referredBy'>;
  /** The catalogue's whole percent (0 to 100). */
  percent: number;
  /** Where the console is: the referral link's origin. */
  publicUrl: string;
}) {
  const { repo, accounts, percent } = deps;

  return {
    /**
     * An invoice was paid (in billing's settling transaction): its payer's referrer, while still a
     * referrer, earns a commission on it, once per order whatever replays the payment. A sandbox payment
     * earns nothing: no money moved.
     */
    async invoicePaid(trx: Db, invoice: InvoiceEvent) {
      // The sandbox moves no money, so there is nothing to share.
      if (invoice.provider === 'sandbox') return;
      // In billing's transaction: a second connection per payment could starve the pool under a burst.
      const referral = await accounts.referralOf(trx, invoice.accountId);
      if (!referral) return;
      // Integers all the way: an amount below 1e8 minor units times 100 is far inside a double's exact range.
      const amount = Math.floor((invoice.amount * percent) / 100);
      if (amount <= 0) return;
      await repo.insert(trx, {
        referrer_id: referral.referrerId,
        referred_id: referral.id,
        referred_email: maskEmail(referral.email),
        order_id: invoice.orderId,
        invoice_number: invoice.invoiceNumber,
        kind: 'commission',
        plan: invoice.kind === 'plan' ? invoice.planType : null,
        invoice_amount: invoice.amount,
        percent,
        amount,
        currency: invoice.currency,
        created_at: invoice.at,
      });
    },

    /**
     * An invoice was refunded (in billing's refunding transaction): the commission it earned is taken back
     * by a reversal, once, even after it was paid out (the referrer's pending balance may go below zero).
     */
    async invoiceRefunded(trx: Db, invoice: InvoiceEvent) {
      const commission = await repo.commissionOf(trx, invoice.orderId);
      if (!commission) return;
      await repo.insert(trx, {
        referrer_id: commission.referrer_id,
        referred_id: commission.referred_id,
        referred_email: commission.referred_email,
        order_id: commission.order_id,
        invoice_number: commission.invoice_number,
        kind: 'reversal',
        plan: commission.plan,
        invoice_amount: commission.invoice_amount,
        percent: commission.percent,
        amount: -commission.amount,
        currency: commission.currency,
        created_at: invoice.at,
      });
    },

    /** pay affiliate data: the referral link, the totals, and a page of rows; referrers only. */
    async data(accountId: string, query: AffiliateDataQuery): Promise<AffiliateData> {
      const account = await accounts.load(accountId);
      // Not `unauthorized`: the console logs out on that one (decision 0001), and this token is fine.
      if (!account.is_referrer) throw forbidden('affiliate_not_referrer');
      const range = {
        ...(query.from ? { from: dayStart(query.from) } : {}),
        ...(query.to ? { to: new Date(dayStart(query.to).getTime() + DAY_MS) } : {}),
      };
      const [{ rows, total }, totals, referred] = await Promise.all([
        repo.page(account.id, range, query.pageSize, (query.page - 1) * query.pageSize),
        repo.totals(account.id),
        accounts.referredBy(account.id, query.pageSize, (query.referredPage - 1) * query.pageSize),
      ]);
      return {
        // start-up step 2: the console binds `ref` (the referrer's userId) after sign-up.
        link: `${deps.publicUrl}/register?ref=${account.id}`,
        percent,
        totals,
        list: rows.map(
          (row): AffiliateRow => ({
            id: row.id,
            date: seconds(row.created_at),
            user: row.referred_email,
            plan: row.plan,
            kind: row.kind,
            profit: Number(row.amount),
            currency: row.currency,
            status: row.status,
          }),
        ),
        total,
        referred: {
          list: referred.rows.map(
            (row): ReferredAccount => ({
              id: row.id,
              date: seconds(row.created_at),
              user: maskEmail(row.email),
              state: row.first_paid_at ? 'paid' : 'signed_up',
            }),
          ),
          total: referred.total,
        },
      };
    },

    /** Records that the operator paid the referrer what is pending (in the caller's transaction). */
    payout: (trx: Db, referrerId: string, operator: string, now: Date) => repo.payout(trx, referrerId, operator, now),
  };
}
export type AffiliateService = ReturnType<typeof createAffiliateService>;
