import type { Order, OrderStatus } from '@leadreel/shared';
import type { TFunction } from 'i18next';

/** How an order that is no longer pending ended (the console contract Payment: success, failed, canceled). */
export type Outcome = {
  /** antd's Result status and Alert type. */
  tone: 'success' | 'error' | 'warning' | 'info';
  title: string;
  /** What it means for the user. */
  text: string;
  /** "Invoice number: …" for a paid order that has one. */
  invoice: string | null;
  /** Whether buying again is the way on. */
  retry: boolean;
};

const OUTCOMES: Record<Exclude<OrderStatus, 'pending'>, { tone: Outcome['tone']; title: string; text: string }> = {
  paid: { tone: 'success', title: 'billing.success', text: 'billing.successText' },
  // "Payment failed, payment canceled": the server's own message keys, worded as the spec words them.
  failed: { tone: 'error', title: 'errors.payment_failed', text: 'billing.failedText' },
  canceled: { tone: 'warning', title: 'errors.payment_canceled', text: 'billing.canceledText' },
  expired: { tone: 'warning', title: 'billing.expired', text: 'billing.expiredText' },
  refunded: { tone: 'info', title: 'billing.refunded', text: 'billing.refundedText' },
};

/** The outcome of a settled order in the console's words; null while it waits for its payment. */
export function outcomeOf(order: Order, t: TFunction): Outcome | null {
  if (order.status === 'pending') return null;
  const { tone, title, text } = OUTCOMES[order.status];
  return {
    tone,
    title: t(title),
    text: t(text),
    invoice:
      order.status === 'paid' && order.invoiceNumber ? t('billing.invoice', { number: order.invoiceNumber }) : null,
    retry: order.status !== 'paid' && order.status !== 'refunded',
  };
}
