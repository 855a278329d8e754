import { z } from 'zod';
import { PLAN_TYPES } from '../plans.ts';
import { dayField } from './forms.ts';

// ---- Affiliates (the console contract affiliate-system, Affiliate referral, "pay: affiliate data") ----

/**
 * A commission is earned on a paid invoice; a reversal takes it back when that invoice is refunded. Both
 * stay `pending` until the operator records a payout (`leadreel admin payout`), then they are `paid_out`.
 */
export const COMMISSION_KINDS = ['commission', 'reversal'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_STATUSES = ['pending', 'paid_out'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** The deepest page a list may ask for: far past any real history, and an offset PostgreSQL can take. */
export const AFFILIATE_PAGE_MAX = 10_000;

/**
 * pay affiliate data: the referrer's rows between two days (UTC, both included; either may be
 * left out), newest first, a page at a time.
 */
export const affiliateDataQuery = z
  .strictObject({
    from: dayField.optional(),
    to: dayField.optional(),
    page: z.coerce
      .number({ error: 'illegal_input' })
      .int('illegal_input')
      .min(1, 'illegal_input')
      .max(AFFILIATE_PAGE_MAX, 'illegal_input')
      .default(1),
    pageSize: z.coerce
      .number({ error: 'illegal_input' })
      .int('illegal_input')
      .min(1, 'illegal_input')
      .max(100, 'illegal_input')
      .default(20),
    /** The page of referred accounts (`pageSize` each); they are not filtered by the days. */
    referredPage: z.coerce
      .number({ error: 'illegal_input' })
      .int('illegal_input')
      .min(1, 'illegal_input')
      .max(AFFILIATE_PAGE_MAX, 'illegal_input')
      .default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'illegal_input', path: ['to'] });
export type AffiliateDataQuery = z.output<typeof affiliateDataQuery>;

/** Affiliate referral: date, user, plan, profit. Amounts are in the currency's minor unit. */
export const affiliateRowData = z.object({
  id: z.string(),
  /** Seconds: when the invoice was paid (a commission) or refunded (a reversal). */
  date: z.number().int(),
  /** The referred account's email, masked (`a***@example.test`). */
  user: z.string(),
  /** The plan the invoice bought; null for credits. */
  plan: z.enum(PLAN_TYPES).nullable(),
  kind: z.enum(COMMISSION_KINDS),
  /** What the referrer earns: above 0 for a commission, below 0 for a reversal. */
  profit: z.number().int(),
  currency: z.string(),
  status: z.enum(COMMISSION_STATUSES),
});
export type AffiliateRow = z.infer<typeof affiliateRowData>;

/**
 * All-time sums in one currency. earned + reversed = pending + paidOut; pending is below 0 when a refund
 * came after its commission was paid out (it is taken from later commissions).
 */
export const affiliateTotalsData = z.object({
  currency: z.string(),
  earned: z.number().int(),
  /** Zero or below. */
  reversed: z.number().int(),
  pending: z.number().int(),
  paidOut: z.number().int(),
});
export type AffiliateTotals = z.infer<typeof affiliateTotalsData>;

/** Where a referred account is: signed up through the link, or paid at least once since. */
export const REFERRED_STATES = ['signed_up', 'paid'] as const;
export type ReferredState = (typeof REFERRED_STATES)[number];

/** An account bound to the referrer, shown from its sign-up on, before it pays anything. */
export const referredAccountData = z.object({
  id: z.string(),
  /** Seconds: when the account signed up. */
  date: z.number().int(),
  /** Its email, masked (`a***@example.test`). */
  user: z.string(),
  state: z.enum(REFERRED_STATES),
});
export type ReferredAccount = z.infer<typeof referredAccountData>;

export const affiliateData = z.object({
  /** The referral link: the sign-up page with the referrer's user id as `ref`. */
  link: z.string(),
  /** The share of each paid invoice the referrer earns (the console contract affiliate percent). */
  percent: z.number().int(),
  totals: z.array(affiliateTotalsData),
  list: z.array(affiliateRowData),
  /** Rows in the range, for paging. */
  total: z.number().int(),
  /** The accounts bound to the referrer, newest sign-up first, a page at a time. */
  referred: z.object({ list: z.array(referredAccountData), total: z.number().int() }),
});
export type AffiliateData = z.infer<typeof affiliateData>;
