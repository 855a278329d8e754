import { isStorableText } from '@leadreel/shared/text';
import { z } from 'zod';

/**
 * The shapes of the providers' notifications we act on, checked after the signature (a signed notification
 * is the provider's, but its shape can still be one we do not handle: a new API version, another
 * integration on the same account, a provider's bug). A notification that does not fit is acknowledged
 * and logged, never answered with an error: providers retry every non-2xx, for days, and a retry cannot
 * change the shape. Ids go into PostgreSQL (an event applied once by its id), so they are text it stores.
 */
const id = z.string().min(1).max(255).refine(isStorableText);
const text = z.string().max(1000).refine(isStorableText);

/** A Stripe event: its id, its type, and the object it is about (read further by its type). */
export const stripeEventShape = z.looseObject({
  id,
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** A Checkout Session, as `checkout.session.*` events carry it. */
export const stripeSessionShape = z.looseObject({
  id,
  payment_status: text.nullish(),
  amount_total: z.number().int().nullish(),
  currency: text.nullish(),
  subscription: z.union([id, z.looseObject({ id })]).nullish(),
});

/** An invoice, as `invoice.paid` carries it (its subscription's place moved in API version 2025-03-31). */
export const stripeInvoiceShape = z.looseObject({
  id,
  billing_reason: text.nullish(),
  amount_paid: z.number().int(),
  currency: text,
  subscription: z.union([id, z.looseObject({ id })]).nullish(),
  parent: z
    .looseObject({
      subscription_details: z.looseObject({ subscription: z.union([id, z.looseObject({ id })]).nullish() }).nullish(),
    })
    .nullish(),
});

/** A subscription, as `customer.subscription.*` events carry it. */
export const stripeSubscriptionShape = z.looseObject({ id, cancel_at_period_end: z.boolean().nullish() });

/** An Alipay notification's parameters we read (all form fields are text). */
export const alipayNotificationShape = z.looseObject({
  notify_id: id,
  out_trade_no: id.optional(),
  trade_status: text.optional(),
  total_amount: text.optional(),
});

/** A WeChat Pay notification: its id and its encrypted resource. */
export const wechatNotificationShape = z.looseObject({
  id,
  resource: z.looseObject({
    ciphertext: z.string().min(1),
    nonce: z.string().min(1),
    associated_data: z.string().optional(),
  }),
});

/** A WeChat Pay transaction, decrypted from a notification's resource. */
export const wechatTransactionShape = z.looseObject({
  appid: text.optional(),
  mchid: text.optional(),
  out_trade_no: id.optional(),
  trade_state: text.optional(),
  trade_state_desc: text.optional(),
  amount: z.looseObject({ total: z.number().int().optional(), currency: text.optional() }).optional(),
});

/** What a shape check found wrong, short enough for a log line. */
export const shapeProblem = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.code}`)
    .join('; ');
