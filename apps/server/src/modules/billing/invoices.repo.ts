import type { BillingDetails } from '@leadreel/shared';
import type { Db } from '../../db/database.ts';

/** The buyer's billing details (`billing_detail`) and what an invoice prints (`invoice` with its order). */
export function createInvoiceRepo(db: Db) {
  return {
    async details(accountId: string): Promise<BillingDetails> {
      const row = await db
        .selectFrom('billing_detail')
        .select(['company_name', 'address', 'country', 'tax_id'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return {
        companyName: row?.company_name ?? '',
        address: row?.address ?? '',
        country: row?.country ?? '',
        taxId: row?.tax_id ?? '',
      };
    },

    async saveDetails(accountId: string, details: BillingDetails, at: Date) {
      const values = {
        company_name: details.companyName,
        address: details.address,
        country: details.country,
        tax_id: details.taxId,
        updated_at: at,
      };
      await db
        .insertInto('billing_detail')
        .values({ account_id: accountId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
        .execute();
    },

    /** The account's own order with its invoice (none for another account's order or one not invoiced). */
    invoiceOf(accountId: string, orderId: string) {
      return db
        .selectFrom('invoice')
        .innerJoin('payment_order', 'payment_order.id', 'invoice.order_id')
        .innerJoin('account', 'account.id', 'invoice.account_id')
        .select([
          'invoice.number as invoice_number',
          'invoice.issued_at',
          'invoice.buyer',
          'account.email',
          'payment_order.description',
          'payment_order.amount',
          'payment_order.currency',
          'payment_order.method',
          'payment_order.status',
          'payment_order.created_at',
          'payment_order.settled_at',
          'payment_order.refunded_at',
          'payment_order.period_start',
          'payment_order.period_end',
        ])
        .where('invoice.order_id', '=', orderId)
        .where('invoice.account_id', '=', accountId)
        .executeTakeFirst();
    },
  };
}
export type InvoiceRepo = ReturnType<typeof createInvoiceRepo>;
