import type {
  BillingPlan,
  CreditLedger,
  CreditsProductList,
  Order,
  PaymentConfig,
  PlanType,
  Product,
  ProductList,
} from '@leadreel/shared';
import type { FakeRoute } from './fakeApi.ts';

/** The shipped catalogue's prices (apps/server/catalogue.json), in minor units. */
const PRICES: Record<Exclude<PlanType, 'Free'>, Record<string, { month: number; year: number }>> = {
  Lite: { USD: { month: 1900, year: 18900 }, CNY: { month: 12900, year: 128500 } },
  Pro: { USD: { month: 4900, year: 48900 }, CNY: { month: 34900, year: 347500 } },
  Business: { USD: { month: 14900, year: 148500 }, CNY: { month: 104900, year: 1044900 } },
};
const BENEFITS: Record<PlanType, string[]> = {
  Free: ['2 GB of storage', 'Leads shown masked'],
  Lite: ['50 GB of storage', 'Full lead details and webhooks'],
  Pro: ['200 GB of storage', 'API access'],
  Business: ['1 T of storage', 'Everything in Pro'],
};

/**
 * The plans as pay products answers them for an account on `current`, the way the server words and prices
 * them: the current plan cannot be bought again unless `renewable` (an ending plan), Free is never sold.
 */
export function fakeProducts(
  query: { plan?: string | null; currency?: string | null },
  { current = 'Free' as PlanType, renewable = false, billing = 'yr' as BillingPlan } = {},
): ProductList {
  // Unasked, the billing the current plan was bought with, as the server answers.
  const plan: BillingPlan =
    query.plan === 'month' || query.plan === 'yr' ? query.plan : current === 'Free' ? 'yr' : billing;
  const currency = query.currency ?? 'USD';
  const yearly = plan === 'yr';
  const list = (['Free', 'Lite', 'Pro', 'Business'] as const).map((type): Product => {
    const price = type === 'Free' ? undefined : PRICES[type][currency];
    const mine = type === current && (type === 'Free' || plan === billing);
    const cannotBuy = !price ? 'package_free' : mine && !renewable ? 'package_current' : null;
    return {
      productId: `${type}-${plan}-${currency}`,
      type,
      showType: type === 'Free' ? null : type,
      currency,
      plan,
      planDesc: yearly ? 'per year, billed annually' : 'per month, billed monthly',
      productPrice: price ? (yearly ? price.year : price.month) : 0,
      monthlyPrice: price ? (yearly ? Math.round(price.year / 12) : price.month) : 0,
      productDesc: price && yearly ? 'Save 17% with annual billing' : '',
      benefits: BENEFITS[type],
      isPopular: type === 'Pro',
      needShowDiscount: type !== 'Free',
      canBuy: cannotBuy === null,
      cannotBuy,
      current: mine,
    };
  });
  return { list, currencies: ['USD', 'CNY'], currency, plan, annualSavingPercent: 17 };
}

export function fakeCreditsProducts(currency = 'USD'): CreditsProductList {
  const packages = [
    { id: 'credits-500', credits: 500, USD: 990, CNY: 6900 },
    { id: 'credits-2000', credits: 2000, USD: 3490, CNY: 24900 },
  ];
  return {
    list: packages.map((item) => ({
      productId: item.id,
      credits: item.credits,
      currency,
      productPrice: currency === 'CNY' ? item.CNY : item.USD,
      canBuy: true,
    })),
    currencies: ['USD', 'CNY'],
    currency,
  };
}

export const fakeLedger = (overrides: Partial<CreditLedger> = {}): CreditLedger => ({
  balance: 0,
  list: [],
  total: 0,
  ...overrides,
});

export const ALL_METHODS: PaymentConfig = {
  methods: [
    { method: 'card', provider: 'sandbox' },
    { method: 'wechat', provider: 'sandbox' },
    { method: 'alipay', provider: 'sandbox' },
  ],
  publicKey: null,
};

export const ORDER_ID = '0b9c7a52-4c1e-4f7e-9a55-6d2f0c1b2a3d';

/** A Pro yearly order waiting for its payment; each test changes what it needs. */
export const fakeOrder = (overrides: Partial<Order> = {}): Order => ({
  orderId: ORDER_ID,
  kind: 'plan',
  productId: 'Pro-yr-USD',
  description: 'Pro, billed yearly',
  amount: 48900,
  currency: 'USD',
  method: 'wechat',
  status: 'pending',
  checkoutUrl: `http://console.test/pay/sandbox/sbx_1?return=%2Fbuy-vip%3Forder%3D${ORDER_ID}`,
  qrCode: 'weixin://wxpay/bizpayurl?pr=sandbox1',
  createdAt: 1_780_000_000,
  expiresAt: 1_780_003_600,
  paidAt: null,
  invoiceNumber: null,
  ...overrides,
});

/** What the billing routes answer when a test does not say otherwise. */
export const PAY_ROUTES: Record<string, FakeRoute> = {
  'GET /pay/products': (_, query) => ({
    data: fakeProducts({ plan: query.get('plan'), currency: query.get('currency') }),
  }),
  'GET /pay/credits-products': (_, query) => ({ data: fakeCreditsProducts(query.get('currency') ?? undefined) }),
  'GET /pay/credits': () => ({ data: fakeLedger() }),
  'GET /pay/public-key': () => ({ data: ALL_METHODS }),
  'GET /pay/orders': () => ({ data: { list: [], total: 0 } }),
};
