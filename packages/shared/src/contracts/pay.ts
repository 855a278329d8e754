import { z } from 'zod';
import { PLAN_TYPES } from '../plans.ts';
import { pageFields } from './common.ts';

/** spec §3 product record `plan`: how often a plan is billed; spec §9 "Default plan period is yr". */
export const BILLING_PLANS = ['month', 'yr'] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number];

/** ISO 4217; which ones are sold is the catalogue's. */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: 'currency_invalid' });

/** spec §7 pay products: the plans side by side, in one currency and billing period. */
export const productsQuery = z.strictObject({
  currency: currencyCode.optional(),
  plan: z.enum(BILLING_PLANS, { error: 'billing_plan_invalid' }).default('yr'),
});

/** Why a product cannot be bought: a message key (spec §8 "Cannot purchase the current package"). */
export const CANNOT_BUY = ['package_current', 'package_free'] as const;

/** spec §3 Plan/product record. Prices are in the currency's minor unit (cents, fen). */
export const productData = z.object({
  productId: z.string(),
  type: z.enum(PLAN_TYPES),
  showType: z.enum(PLAN_TYPES).nullable(),
  currency: z.string(),
  plan: z.enum(BILLING_PLANS),
  /** How the price is billed, in the account's language ("per year"). */
  planDesc: z.string(),
  /** What one period costs; 0 for Free. */
  productPrice: z.number().int().min(0),
  /** What it comes to per month: the annual price over twelve months, rounded. */
  monthlyPrice: z.number().int().min(0),
  /** What annual billing saves, in the account's language; empty for monthly billing and Free. */
  productDesc: z.string(),
  benefits: z.array(z.string()),
  isPopular: z.boolean(),
  needShowDiscount: z.boolean(),
  canBuy: z.boolean(),
  cannotBuy: z.enum(CANNOT_BUY).nullable(),
});
export type Product = z.infer<typeof productData>;

export const productListData = z.object({
  list: z.array(productData),
  /** The currencies sold, the first the default. */
  currencies: z.array(z.string()),
  currency: z.string(),
  plan: z.enum(BILLING_PLANS),
  /** spec §9 "Annual billing saves 17%". */
  annualSavingPercent: z.number().int(),
});
export type ProductList = z.infer<typeof productListData>;

export const creditsProductsQuery = z.strictObject({ currency: currencyCode.optional() });

/** A credits package (spec §3: it exists as a product list). */
export const creditsProductData = z.object({
  productId: z.string(),
  credits: z.number().int().min(1),
  currency: z.string(),
  productPrice: z.number().int().min(1),
  canBuy: z.boolean(),
});
export const creditsProductListData = z.object({
  list: z.array(creditsProductData),
  currencies: z.array(z.string()),
  currency: z.string(),
});
export type CreditsProductList = z.infer<typeof creditsProductListData>;

/** What moves credits: bought, granted with a plan period, spent, given back, or lapsed. */
export const CREDIT_KINDS = ['purchase', 'grant', 'spend', 'refund', 'expiry'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** The account's credit ledger, newest first. */
export const creditLedgerQuery = z.strictObject(pageFields(100));
export const creditEntryData = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_KINDS),
  /** Added (above 0) or taken (below 0). */
  amount: z.number().int(),
  reference: z.string().nullable(),
  createdAt: z.number().int(),
});
export const creditLedgerData = z.object({
  /** The sum of every entry: what the account can spend. */
  balance: z.number().int().min(0),
  list: z.array(creditEntryData),
  total: z.number().int(),
});
export type CreditLedger = z.infer<typeof creditLedgerData>;
