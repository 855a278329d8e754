import type { BillingDetails, BillingDetailsInput, Language } from '@leadreel/shared';
import { formatDay } from '@leadreel/shared/dates';
import type { Seller } from '../../config.ts';
import { notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoiceRepo } from './invoices.repo.ts';
import { receiptLines } from './receipts.ts';

/**
 * The buyer's billing details and the PDF invoices made out with them (docs/product.md, "Payments, refunds
 * and referrals"): an invoice names the seller from the SELLER_ settings and the buyer as it stood when
 * the invoice was issued.
 */
export function createInvoiceService(deps: { repo: InvoiceRepo; seller: Seller; clock: Clock }) {
  const { repo } = deps;
  return {
    details: (accountId: string) => repo.details(accountId),

    /** Saves every field at once: one left out is cleared. */
    async saveDetails(accountId: string, input: BillingDetailsInput): Promise<BillingDetails> {
      const details = {
        companyName: input.companyName ?? '',
        address: input.address ?? '',
        country: input.country ?? '',
        taxId: input.taxId ?? '',
      };
      await repo.saveDetails(accountId, details, deps.clock.now());
      return details;
    },

    /** The PDF invoice of the account's own order: 404 for another account's order or one not invoiced. */
    async pdf(accountId: string, orderId: string, language: Language) {
      const order = await repo.invoiceOf(accountId, orderId);
      if (!order) throw notFound('invoice_not_found');
      // An invoice issued before buyers were frozen on it shows the details as they are now.
      const buyer = order.buyer ?? { email: order.email, ...(await repo.details(accountId)) };
      const lines = receiptLines(order, language, false);
      const refunded = order.status === 'refunded';
      const bytes = await renderInvoicePdf({
        language,
        number: order.invoice_number,
        issued: formatDay(order.issued_at),
        seller: deps.seller,
        buyer,
        description: lines.description,
        period: lines.period,
        currency: order.currency,
        amount: lines.amount,
        method: lines.method,
        refunded: refunded ? receiptLines(order, language, true).date : null,
      });
      return { filename: `${order.invoice_number}.pdf`, bytes };
    },
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
