import type { Language } from '@leadreel/shared';
import { formatDay } from '@leadreel/shared/dates';
import { BILLING_TEXT, formatMoney } from '@leadreel/shared/viewer-text/billing';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import { receiptMail } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrderRepo, OrderRow } from './orders.repo.ts';

/**
 * What a receipt and an invoice say about an order, in `language`: money as people read it, the method's
 * name, the day it was paid (or refunded, for the refund's notice) and a plan's period.
 */
export function receiptLines(
  order: Pick<
    OrderRow,
    | 'description'
    | 'amount'
    | 'currency'
    | 'method'
    | 'settled_at'
    | 'refunded_at'
    | 'created_at'
    | 'period_start'
    | 'period_end'
  > & { invoice_number: string },
  language: Language,
  refunded: boolean,
) {
  return {
    invoice: order.invoice_number,
    description: order.description,
    amount: formatMoney(Number(order.amount), order.currency, language),
    method: BILLING_TEXT[language].method[order.method],
    date: formatDay((refunded ? order.refunded_at : order.settled_at) ?? order.created_at),
    period:
      order.period_start && order.period_end
        ? `${formatDay(order.period_start)} – ${formatDay(order.period_end)}`
        : null,
  };
}

/**
 * The receipt of a paid order, mailed in the account's language to its notice address
 * by the `order.paid` reaction: claimed before it is sent, given back when the send fails, so a retried
 * job mails it exactly once.
 */
export function createReceipts(deps: {
  repo: OrderRepo;
  accounts: Pick<AccountService, 'mailTarget'>;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  clock: Clock;
}) {
  const { repo, mailer } = deps;
  function mailOf(order: OrderRow & { invoice_number: string }, language: Language, refunded: boolean) {
    return receiptMail(
      { brand: deps.brand, url: deps.publicUrl, language },
      receiptLines(order, language, refunded),
      refunded,
    );
  }

  return {
    /** The notice of a refund (the `order.refunded` reaction): sent once, as the refund's last step. */
    async sendRefund(orderId: string) {
      const order = await repo.find(orderId);
      if (!order?.invoice_number || order.status !== 'refunded') return;
      const target = await deps.accounts.mailTarget(order.account_id);
      if (!target) return;
      await mailer.send({
        to: target.to,
        ...mailOf({ ...order, invoice_number: order.invoice_number }, target.language, true),
      });
    },

    async send(orderId: string) {
      const order = await repo.find(orderId);
      if (!order?.invoice_number) return;
      const target = await deps.accounts.mailTarget(order.account_id);
      if (!target) return;
      if (!(await repo.claimReceipt(orderId, deps.clock.now()))) return;
      const { language } = target;
      const mail = mailOf({ ...order, invoice_number: order.invoice_number }, language, false);
      try {
        await mailer.send({ to: target.to, ...mail });
      } catch (error) {
        await repo.releaseReceipt(orderId);
        throw error;
      }
    },
  };
}
export type Receipts = ReturnType<typeof createReceipts>;
