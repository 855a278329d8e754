import type { Language, Order, OrderList, PaymentConfig, PaymentMethod, PaymentProviderName } from '@leadreel/shared';
import { BILLING_TEXT } from '@leadreel/shared/viewer-text/billing';
import type { Db } from '../../db/database.ts';
import { badGateway, badRequest } from '../../errors.ts';
import type { BillingService } from './billing.service.ts';
import type { OrderRow } from './orders.repo.ts';
import type { ProviderOutcome } from './payments/provider.ts';
import { createSettlement, orderNotFound, type SettlementDeps } from './settlement.ts';

/** How long a payer has to pay an order; an hour covers a slow card check or a phone to find. */
const ORDER_TTL_MS = 60 * 60 * 1000;

/** WeChat Pay and Alipay charge in yuan: an order paid with them is priced in CNY whatever the list showed. */
const METHOD_CURRENCY: Partial<Record<PaymentMethod, string>> = { wechat: 'CNY', alipay: 'CNY' };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * What an order bought, in the reader's language; without one, as it was described when ordered (the
 * invoice's line). A row of neither kind's fields keeps its stored words.
 */
function describe(row: OrderRow, language: Language | undefined) {
  if (!language) return row.description;
  const text = BILLING_TEXT[language];
  if (row.kind === 'credits' && row.credits !== null) return text.creditsOrder(row.credits);
  if (row.kind === 'plan' && row.plan_type && row.billing_plan) return text.planOrder(row.plan_type, row.billing_plan);
  return row.description;
}

export function orderData(row: OrderRow, language?: Language): Order {
  return {
    orderId: row.id,
    kind: row.kind,
    productId: row.product_id,
    description: describe(row, language),
    amount: Number(row.amount),
    currency: row.currency,
    method: row.method,
    status: row.status,
    checkoutUrl: row.checkout_url,
    qrCode: row.qr_code,
    createdAt: seconds(row.created_at),
    expiresAt: seconds(row.expires_at),
    paidAt: row.status === 'paid' || row.status === 'refunded' ? seconds(row.settled_at ?? row.created_at) : null,
    invoiceNumber: row.invoice_number,
  };
}

/**
 * Orders: the account asks to buy a plan or credits, a provider collects the money, and
 * the provider's word settles the order once: in one transaction the order is paid, the plan period or
 * the credits are given, the invoice is issued and the receipt mail is queued (`order.paid`). A payment
 * reported after the order expired is honoured (it was made in time); one for an order the buyer canceled,
 * or that failed, is refunded (settlement.ts).
 */
export function createOrderService(
  deps: SettlementDeps & {
    /** Quotes what a checkout charges; settlement needs only the plan's description. */
    billing: Pick<BillingService, 'quotePlan' | 'quoteCredits' | 'describePlan'>;
  },
) {
  const { repo, catalogue, providers, clock } = deps;
  const settlement = createSettlement(deps);

  function providerFor(method: PaymentMethod) {
    const provider = providers[method];
    const currency = METHOD_CURRENCY[method];
    if (!provider || (currency && !catalogue.currencies.includes(currency))) {
      throw badRequest('payment_method_unavailable', 'method');
    }
    return provider;
  }

  /** The plan product in the currency the method charges in (`Pro-yr-USD` paid by WeChat Pay: `Pro-yr-CNY`). */
  function inMethodCurrency(productId: string, method: PaymentMethod) {
    const currency = METHOD_CURRENCY[method];
    return currency ? productId.replace(/-[A-Z]{3}$/, `-${currency}`) : productId;
  }

  /** Makes the order, then has the provider start its checkout; a provider that fails ends the order. */
  async function open(
    accountId: string,
    method: PaymentMethod,
    quote: { amount: number; currency: string; description: string; email: string; language: 'en' | 'zh_CN' },
    product: Pick<OrderRow, 'kind' | 'product_id' | 'plan_type' | 'billing_plan' | 'credits' | 'auto_renew'>,
    urls: { origin: string; returnPath: string },
  ): Promise<Order> {
    const provider = providerFor(method);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + ORDER_TTL_MS);
    const { id } = await repo.insert({
      ...product,
      account_id: accountId,
      amount: quote.amount,
      currency: quote.currency,
      description: quote.description,
      method,
      provider: provider.name,
      expires_at: expiresAt,
    });
    try {
      const renewEvery = product.auto_renew ? (product.billing_plan === 'yr' ? 'year' : 'month') : undefined;
      const started = await provider.start(
        { id, method, expiresAt, ...quote, ...(renewEvery ? { renewEvery } : {}) },
        { origin: urls.origin, returnPath: `${urls.returnPath}?order=${id}` },
      );
      await repo.started(id, {
        provider_ref: started.providerRef,
        checkout_url: started.checkoutUrl,
        qr_code: started.qrCode,
      });
    } catch (error) {
      deps.log.error({ err: error, orderId: id, provider: provider.name }, 'payment provider refused the checkout');
      await repo.fail(id, 'provider_error', clock.now());
      throw badGateway('payment_failed');
    }
    return orderData((await repo.find(id)) as OrderRow);
  }

  return {
    config(): PaymentConfig {
      const methods = (['card', 'wechat', 'alipay'] as const).flatMap((method) => {
        const provider = providers[method];
        return provider ? [{ method, provider: provider.name }] : [];
      });
      return { methods, publicKey: providers.card?.publicKey ?? null };
    },

    async buyPlan(
      accountId: string,
      body: { productId: string; method: PaymentMethod; autoRenew?: boolean },
      origin: string,
    ) {
      providerFor(body.method);
      if (body.autoRenew && body.method !== 'card') throw badRequest('auto_renew_unavailable', 'autoRenew');
      const productId = inMethodCurrency(body.productId, body.method);
      const quote = await deps.billing.quotePlan(accountId, productId);
      return open(
        accountId,
        body.method,
        quote,
        {
          kind: 'plan',
          product_id: productId,
          plan_type: quote.type,
          billing_plan: quote.plan,
          credits: null,
          auto_renew: body.autoRenew === true,
        },
        { origin, returnPath: '/buy-vip' },
      );
    },

    async buyCredits(
      accountId: string,
      body: { productId: string; method: PaymentMethod; currency?: string },
      origin: string,
    ) {
      providerFor(body.method);
      const quote = await deps.billing.quoteCredits(
        accountId,
        body.productId,
        METHOD_CURRENCY[body.method] ?? body.currency,
      );
      return open(
        accountId,
        body.method,
        quote,
        {
          kind: 'credits',
          product_id: body.productId,
          plan_type: null,
          billing_plan: null,
          credits: quote.credits,
          auto_renew: false,
        },
        { origin, returnPath: '/buy-credits' },
      );
    },

    /** The account's own order (the console contract pay wechat status); another account's is not found. */
    async status(accountId: string, orderId: string, language?: Language) {
      const row = await repo.find(orderId);
      if (!row || row.account_id !== accountId) throw orderNotFound();
      return orderData(row, language);
    },

    /** The payer closed the dialog: a pending order is canceled (a payment reported later is refunded: settlement.ts). */
    async cancel(accountId: string, orderId: string) {
      const row = await repo.find(orderId);
      if (!row || row.account_id !== accountId) throw orderNotFound();
      await repo.endPending(orderId, accountId, 'canceled', clock.now());
      return orderData((await repo.find(orderId)) as OrderRow);
    },

    /** The account's orders, newest first, each described in the reader's `language`. */
    async list(accountId: string, query: { page: number; pageSize: number }, language?: Language): Promise<OrderList> {
      const { rows, total } = await repo.page(accountId, query.pageSize, (query.page - 1) * query.pageSize);
      return { list: rows.map((row) => orderData(row, language)), total };
    },

    /** The order a provider's checkout reference names, for its checkout page and notifications. */
    byProviderRef: (provider: PaymentProviderName, ref: string) => repo.byProviderRef(provider, ref),

    /** Applies what the provider reports, once (settlement.ts). */
    async settle(orderId: string, outcome: ProviderOutcome, event?: { provider: PaymentProviderName; id: string }) {
      await settlement.settle(orderId, outcome, event);
      return orderData((await repo.find(orderId)) as OrderRow);
    },

    /** A subscription renewed: an order of its own, settled as paid (settlement.ts); null once it ended. */
    async renew(
      subscriptionId: string,
      payment: { providerRef: string; amount: number; currency: string; eventId: string },
    ) {
      const orderId = await settlement.renew(subscriptionId, payment);
      return orderId === null ? null : orderData((await repo.find(orderId)) as OrderRow);
    },

    /** Refunds a paid order in full (settlement.ts). */
    async refund(reference: string, reason: string, record?: (trx: Db, order: OrderRow) => Promise<void>) {
      return orderData((await repo.find(await settlement.refund(reference, reason, record))) as OrderRow);
    },

    /**
     * At start: orders still open with a provider this server no longer has are closed (docs/product.md,
     * Payments). Once a real provider is set, the trial's sandbox orders can no longer be paid.
     */
    closeOrdersOfRemovedProviders: async () => {
      const configured = [...new Set(Object.values(deps.providers).map((provider) => provider.name))];
      return repo.closeOrdersNotOf(configured, clock.now());
    },

    /** Orders nobody paid within the hour become expired (the maintenance sweep). */
    expireStale: () => repo.expireStale(clock.now()),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
