import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { requestLanguage } from '../../lib/language.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { BillingService } from './billing.service.ts';
import type { CreditService } from './credits.service.ts';
import type { InvoiceService } from './invoices.service.ts';
import type { OrderService } from './orders.service.ts';
import type { SubscriptionService } from './subscriptions.service.ts';

/** The console's address as the payer's browser reached it: a checkout returns the payer there. */
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const billingRoutes: FastifyPluginAsync<{
  billing: BillingService;
  credits: CreditService;
  orders: OrderService;
  invoices: InvoiceService;
  subscriptions: SubscriptionService;
  hooks: AuthHooks;
}> = async (app, { billing, credits, orders, invoices, subscriptions, hooks }) => {
  const route = catalogueRoutes(app, hooks);
  route('account.vipUserInfo', (request) => billing.vipUserInfo(accountId(request)));
  route('pay.products', (request, query) => billing.products(accountId(request), query));
  route('pay.creditsProducts', (request, query) => billing.creditsProducts(accountId(request), query));
  route('pay.credits', (request, query) => credits.ledger(accountId(request), query));
  route('pay.publicKey', async () => orders.config());
  route('pay.buyPlan', (request, body) => orders.buyPlan(accountId(request), body, origin(request)));
  route('pay.buyCredits', (request, body) => orders.buyCredits(accountId(request), body, origin(request)));
  route('pay.orderStatus', (request, query) =>
    orders.status(accountId(request), query.orderId, requestLanguage(request)),
  );
  route('pay.cancelOrder', (request, body) => orders.cancel(accountId(request), body.orderId));
  route('pay.orders', (request, query) => orders.list(accountId(request), query, requestLanguage(request)));
  route('pay.billingDetails', (request) => invoices.details(accountId(request)));
  route('pay.saveBillingDetails', (request, body) => invoices.saveDetails(accountId(request), body));
  // In the console's language: the labels, money and method's name are the reader's.
  route.raw('pay.invoice', async (request, query, reply) => {
    const invoice = await invoices.pdf(accountId(request), query.orderId, requestLanguage(request));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.filename}"`)
      .header('cache-control', 'no-store')
      .send(invoice.bytes);
  });
  route('pay.cancelSubscribe', async (request) => {
    await subscriptions.setAutoRenew(accountId(request), false);
    return billing.vipUserInfo(accountId(request));
  });
  route('pay.resumeSubscribe', async (request) => {
    await subscriptions.setAutoRenew(accountId(request), true);
    return billing.vipUserInfo(accountId(request));
  });
};
