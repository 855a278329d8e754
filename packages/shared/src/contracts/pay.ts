import { z } from 'zod';
import { PLAN_TYPES } from '../plans.ts';
import { textField } from '../text.ts';
import { pageFields } from './common.ts';

/** product record `plan`: how often a plan is billed; the console contract "Default plan period is yr". */
export const BILLING_PLANS = ['month', 'yr'] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number];

/** ISO 4217; which ones are sold is the catalogue's. */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: 'currency_invalid' });

/** pay products: the plans side by side, in one currency and billing period. */
export const productsQuery = z.strictObject({
  currency: currencyCode.optional(),
  /** Without it, the billing the account's running plan was bought with, else yearly (the default period). */
  plan: z.enum(BILLING_PLANS, { error: 'billing_plan_invalid' }).optional(),
});

/** Why a product cannot be bought: a message key (the console contract "Cannot purchase the current package"). */
export const CANNOT_BUY = ['package_current', 'package_free'] as const;

/** Plan/product record. Prices are in the currency's minor unit (cents, fen). */
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
  /** The account's own plan, billed this way (Free for a Free account): its card says "Current plan". */
  current: z.boolean(),
});
export type Product = z.infer<typeof productData>;

export const productListData = z.object({
  list: z.array(productData),
  /** The currencies sold, the first the default. */
  currencies: z.array(z.string()),
  currency: z.string(),
  plan: z.enum(BILLING_PLANS),
  /** "Annual billing saves 17%". */
  annualSavingPercent: z.number().int(),
});
export type ProductList = z.infer<typeof productListData>;

export const creditsProductsQuery = z.strictObject({ currency: currencyCode.optional() });

/** A credits package (it exists as a product list). */
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

/**
 * What moves credits: bought, granted with a plan period, spent, given back (a failed task), lapsed, or
 * taken back with a refunded order.
 */
export const CREDIT_KINDS = ['purchase', 'grant', 'spend', 'refund', 'expiry', 'reversal'] as const;
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

/** Payment methods: credit card, WeChat Pay, Alipay. */
export const PAYMENT_METHODS = ['card', 'wechat', 'alipay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Where an order is. the console contract Payment: success (`paid`), failed, canceled; `pending` until the provider
 * answers, `expired` when nobody paid within the hour, `refunded` by an operator.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const orderProductId = textField('product_invalid')
  .min(1, { error: 'product_invalid' })
  .max(64, { error: 'product_invalid' });
const methodField = z.enum(PAYMENT_METHODS, { error: 'payment_method_invalid' });

/** pay stripe: buy a plan (a product id of pay products) with one of the three methods. */
export const buyPlanBody = z.strictObject({
  productId: orderProductId,
  method: methodField,
  /** Subscription: renew automatically each period (cards only; WeChat Pay and Alipay do not). */
  autoRenew: z.boolean({ error: 'illegal_input' }).optional(),
});
/**
 * pay purchase-credits: buy a credits package (a product id of credits products) in the currency
 * the list was priced in (the account's default when not given).
 */
export const buyCreditsBody = z.strictObject({
  productId: orderProductId,
  method: methodField,
  currency: currencyCode.optional(),
});

/** An order as the payment dialog follows it. Amounts are in the currency's minor unit. */
export const orderData = z.object({
  orderId: z.uuid(),
  kind: z.enum(['plan', 'credits']),
  productId: z.string(),
  /** What is bought, in the account's language ("Pro, billed yearly", "500 credits"). */
  description: z.string(),
  amount: z.number().int().min(1),
  currency: z.string(),
  method: methodField,
  status: z.enum(ORDER_STATUSES),
  /** Card: the checkout page to open (the provider's, or LeadReel's sandbox). */
  checkoutUrl: z.string().nullable(),
  /** WeChat Pay and Alipay: what the QR code shows for the payer's phone to scan. */
  qrCode: z.string().nullable(),
  /** Seconds: when it was ordered. */
  createdAt: z.number().int(),
  /** Seconds: an unpaid order expires then. */
  expiresAt: z.number().int(),
  /** Seconds, once paid. */
  paidAt: z.number().int().nullable(),
  /** The invoice's number, once paid. */
  invoiceNumber: z.string().nullable(),
});
export type Order = z.infer<typeof orderData>;

/** pay wechat status: where an order is, polled by the payment dialog (every method). */
export const orderStatusQuery = z.strictObject({ orderId: z.uuid({ error: 'order_not_found' }) });

/** The account's orders, newest first: its billing history with invoice numbers. */
export const orderListQuery = z.strictObject(pageFields(100));
export const orderListData = z.object({ list: z.array(orderData), total: z.number().int() });
export type OrderList = z.infer<typeof orderListData>;

/** pay publicKey: which provider takes each method, and Stripe's publishable key when it is Stripe. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'wechat', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const paymentConfigData = z.object({
  methods: z.array(z.object({ method: methodField, provider: z.enum(PAYMENT_PROVIDERS) })),
  publicKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigData>;

/** How long each of the buyer's billing details may be: room for a long legal name and a full postal address. */
export const BILLING_DETAIL_LIMITS = { companyName: 200, address: 500, country: 100, taxId: 64 } as const;

const detailField = (
  max: number,
  error: 'company_name_too_long' | 'address_too_long' | 'country_too_long' | 'tax_id_too_long',
) => textField().trim().max(max, { error }).optional();

/**
 * The buyer's details printed on its invoices, each optional (empty when not given): company name,
 * postal address (several lines), country, and tax ID (VAT, GST, 统一社会信用代码).
 */
export const billingDetailsBody = z.strictObject({
  companyName: detailField(BILLING_DETAIL_LIMITS.companyName, 'company_name_too_long'),
  address: detailField(BILLING_DETAIL_LIMITS.address, 'address_too_long'),
  country: detailField(BILLING_DETAIL_LIMITS.country, 'country_too_long'),
  taxId: detailField(BILLING_DETAIL_LIMITS.taxId, 'tax_id_too_long'),
});
export type BillingDetailsInput = z.output<typeof billingDetailsBody>;
export const billingDetailsData = z.object({
  companyName: z.string(),
  address: z.string(),
  country: z.string(),
  taxId: z.string(),
});
export type BillingDetails = z.infer<typeof billingDetailsData>;

/** pay invoice: the PDF invoice of one of the account's paid or refunded orders. */
export const invoiceQuery = z.strictObject({ orderId: z.uuid({ error: 'order_not_found' }) });
