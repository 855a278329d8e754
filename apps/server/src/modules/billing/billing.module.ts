import { transactor } from '../../db/database.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { BILLING_PERIOD, RECEIPT_MAIL, REFUND_MAIL, SANDBOX_RENEWAL } from './billing.jobs.ts';
import { billingRoutes } from './billing.routes.ts';
import { type BillingService, createBillingService } from './billing.service.ts';
import { type BillingPeriods, createBillingPeriods } from './billing-periods.ts';
import { createCreditRepo } from './credits.repo.ts';
import { type CreditService, createCreditService } from './credits.service.ts';
import { createInvoiceRepo } from './invoices.repo.ts';
import { createInvoiceService, type InvoiceService } from './invoices.service.ts';
import { createOrderRepo } from './orders.repo.ts';
import { createOrderService, type OrderService } from './orders.service.ts';
import { alipayRoutes } from './payments/alipay.ts';
import {
  alipaySettings,
  paymentProviders,
  sandboxIsThePath,
  stripeSettings,
  wechatSettings,
} from './payments/providers.ts';
import { sandboxRoutes } from './payments/sandbox.ts';
import { stripeClient, stripeRoutes } from './payments/stripe.ts';
import { wechatRoutes } from './payments/wechat.ts';
import { createReceipts, type Receipts } from './receipts.ts';
import { createSubscriptionRepo } from './subscriptions.repo.ts';
import { createSubscriptionService, type SubscriptionService } from './subscriptions.service.ts';

declare module '../module.ts' {
  interface Services {
    billing: BillingService;
    /** The credit ledger: balances, spends, grants. */
    credits: CreditService;
    /** Orders: buying plans and credits, settled by a payment provider's word. */
    orders: OrderService;
    receipts: Receipts;
    /** The buyer's billing details and the PDF invoices. */
    invoices: InvoiceService;
    /** The monthly periods of running paid plans. */
    billingPeriods: BillingPeriods;
    /** Auto-renewing plans. */
    subscriptions: SubscriptionService;
  }
}

/**
 * What is for sale (the catalogue's plans and credit packages), buying it (orders, payment providers,
 * invoices and receipts), the account's plan as it is shown, and its credits.
 */
export const billingModule = defineModule({
  name: 'billing',
  create: ({ db, services, config, clock, events, mailer, log }) => {
    const repo = createOrderRepo(db);
    const subscriptionRepo = createSubscriptionRepo(db);
    const billing = createBillingService({
      accounts: services.accounts,
      subscriptions: subscriptionRepo,
      // The billing of the plan order paid last: what the running plan is billed by.
      currentBilling: async (accountId) => (await repo.paidPlanOrders(db, accountId)).at(-1)?.billing_plan ?? null,
      catalogue: config.catalogue,
      brand: config.BRAND_NAME,
      clock,
    });
    const credits = createCreditService({ transaction: transactor(db), repo: createCreditRepo(db) });
    const providers = paymentProviders(config);
    if (Object.values(providers).some((provider) => provider.name === 'sandbox')) {
      log.warn('payments are in the sandbox: orders are paid on a test page and no money moves');
    }
    const orders = createOrderService({
      repo,
      subscriptions: subscriptionRepo,
      billing,
      accounts: services.accounts,
      credits,
      events,
      catalogue: config.catalogue,
      providers,
      // The affiliates' commissions, written with the invoice (through their service, made after this one).
      invoiceHooks: {
        paid: (trx, invoice) => services.affiliates.invoicePaid(trx, invoice),
        refunded: (trx, invoice) => services.affiliates.invoiceRefunded(trx, invoice),
      },
      clock,
      log,
    });
    return {
      billing,
      credits,
      orders,
      subscriptions: createSubscriptionService({
        repo: subscriptionRepo,
        orders,
        accounts: services.accounts,
        providers,
        clock,
        log,
      }),
      billingPeriods: createBillingPeriods({
        accounts: services.accounts,
        credits,
        events,
        catalogue: config.catalogue,
        clock,
      }),
      invoices: createInvoiceService({ repo: createInvoiceRepo(db), seller: config.seller, clock }),
      receipts: createReceipts({
        repo,
        accounts: services.accounts,
        mailer,
        brand: config.BRAND_NAME,
        publicUrl: config.publicUrl,
        clock,
      }),
    };
  },
  api: async (scope, { services, hooks }) => {
    await scope.register(billingRoutes, {
      billing: services.billing,
      subscriptions: services.subscriptions,
      credits: services.credits,
      orders: services.orders,
      invoices: services.invoices,
      hooks,
    });
  },
  site: async (app, { services, config, clock }) => {
    // The test checkout exists only while it is the payment path: beside a real provider it would sell for
    // nothing. Orders a removed provider left open are closed, so none can be paid afterwards.
    if (sandboxIsThePath(config)) {
      await app.register(sandboxRoutes, { orders: services.orders, now: () => clock.now() });
    }
    // Best effort at each start: the sandbox's page is gone already, so an order missed now cannot be paid.
    await services.orders.closeOrdersOfRemovedProviders().then(
      (closed) =>
        closed > 0 && app.log.warn({ closed }, 'closed the open orders of payment providers no longer configured'),
      (error: unknown) => app.log.error({ err: error }, 'could not close the orders of removed payment providers'),
    );
    const wechat = wechatSettings(config);
    // A signature's age is checked against the real time: it is about replays on the wire, not plan dates.
    if (wechat) await app.register(wechatRoutes, { settings: wechat, orders: services.orders, now: () => new Date() });
    const alipay = alipaySettings(config);
    if (alipay) await app.register(alipayRoutes, { settings: alipay, orders: services.orders });
    const stripe = stripeSettings(config);
    if (stripe) {
      await app.register(stripeRoutes, {
        stripe: stripeClient(stripe),
        webhookSecret: stripe.webhookSecret,
        orders: services.orders,
        subscriptions: services.subscriptions,
      });
    }
  },
  jobs: [RECEIPT_MAIL, REFUND_MAIL, BILLING_PERIOD, SANDBOX_RENEWAL],
  reactions: { 'order.paid': RECEIPT_MAIL, 'order.refunded': REFUND_MAIL },
  workers: ({ services }) => [
    worker(RECEIPT_MAIL, async (jobs) => {
      for (const job of jobs) await services.receipts.send(job.data.orderId);
    }),
    worker(BILLING_PERIOD, async () => {
      await services.billingPeriods.run();
    }),
    worker(SANDBOX_RENEWAL, async () => {
      await services.subscriptions.renewSandbox();
    }),
    worker(REFUND_MAIL, async (jobs) => {
      for (const job of jobs) await services.receipts.sendRefund(job.data.orderId);
    }),
  ],
  sweep: async ({ services }) => {
    await services.orders.expireStale();
  },
});
