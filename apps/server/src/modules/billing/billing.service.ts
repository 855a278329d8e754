import {
  BILLING_PLANS,
  type BillingPlan,
  type CreditsProductList,
  EXPIRY_WARNING_DAYS,
  type Language,
  PLAN_TYPES,
  type PlanType,
  type Product,
  type ProductList,
  type VipUserInfo,
} from '@leadreel/shared';
import { formatDay } from '@leadreel/shared/dates';
import { BILLING_TEXT } from '@leadreel/shared/viewer-text/billing';
import { badRequest } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { Catalogue } from '../entitlements/catalogue.ts';
import type { Entitlements } from '../entitlements/entitlements.ts';
import type { SubscriptionRepo } from './subscriptions.repo.ts';

const DAY_MS = 86_400_000;

/** date format, in UTC so every server writes the same day. */

/**
 * What is for sale and what the account has: the catalogue's plans and credit packages priced in one
 * currency (the console contract pay products, credits products), and the account's plan as the console shows it (spec
 * User VIP info with its derived values).
 */
export function createBillingService(deps: {
  accounts: Pick<AccountService, 'withRights'>;
  /** The account's auto-renewing subscription, if any (the console contract subscribeId, autoSubscribe). */
  subscriptions: Pick<SubscriptionRepo, 'active'>;
  /** How the account's running plan was bought (monthly or yearly); null for a plan no order bought. */
  currentBilling: (accountId: string) => Promise<BillingPlan | null>;
  catalogue: Catalogue;
  brand: string;
  clock: Clock;
}) {
  const { accounts, catalogue, brand, clock } = deps;

  /** The currency asked for when it is sold; else CNY for a Chinese account when sold, else the first. */
  function currencyFor(requested: string | undefined, language: Language) {
    if (requested !== undefined) {
      if (!catalogue.currencies.includes(requested)) throw badRequest('currency_invalid', 'currency');
      return requested;
    }
    if (language === 'zh_CN' && catalogue.currencies.includes('CNY')) return 'CNY';
    return catalogue.currencies[0] as string;
  }

  /** Days left of the plan (whole days, rounded up), null when it has no end. */
  const daysLeft = (rights: Entitlements) =>
    rights.periodEnd ? Math.ceil((rights.periodEnd.getTime() - clock.now().getTime()) / DAY_MS) : null;

  /**
   * "Plan will expire": VIP, not auto-subscribed (a plan opened by a super admin counts as not
   * auto-subscribed), 0 to 15 days left.
   */
  function willExpire(rights: Entitlements, renews = false) {
    const left = daysLeft(rights);
    return rights.paid && !renews && left !== null && left >= 0 && left <= EXPIRY_WARNING_DAYS;
  }

  /**
   * "Cannot purchase the current package": the plan the account has, while it runs and is not about
   * to end. An ending or lapsed plan is bought again to renew it.
   */
  function cannotBuy(
    type: (typeof PLAN_TYPES)[number],
    sold: boolean,
    rights: Entitlements,
    sameBilling: boolean,
  ): Product['cannotBuy'] {
    if (!sold) return 'package_free';
    // The same plan billed the other way can be bought: a monthly plan switched to annual billing (its year
    // follows the month already paid, so no day is paid twice).
    if (type === rights.plan && sameBilling && rights.period === 'normal-period' && !willExpire(rights)) {
      return 'package_current';
    }
    return null;
  }

  /** What a plan product id (`Pro-yr-USD`, as pay products names it) sells, or undefined. */
  function planProduct(productId: string) {
    const [type, plan, currency, ...rest] = productId.split('-');
    if (rest.length > 0 || !PLAN_TYPES.includes(type as PlanType) || !BILLING_PLANS.includes(plan as BillingPlan)) {
      return undefined;
    }
    const price = catalogue.plans[type as PlanType].prices[currency as string];
    if (!price) return { type: type as PlanType, plan: plan as BillingPlan, currency: currency as string, amount: 0 };
    return {
      type: type as PlanType,
      plan: plan as BillingPlan,
      currency: currency as string,
      amount: plan === 'yr' ? price.year : price.month,
    };
  }

  /** How the running paid plan is billed; null on Free or for a plan no order bought. */
  const currentBillingOf = async (accountId: string, rights: Entitlements) =>
    rights.paid ? deps.currentBilling(accountId) : null;

  return {
    /** What a plan bought for `plan` billing is called in the account's language (an order's line). */
    async describePlan(accountId: string, type: PlanType, plan: BillingPlan) {
      const { account } = await accounts.withRights(accountId);
      return BILLING_TEXT[account.language].planOrder(type, plan);
    },

    /**
     * What buying a plan product costs the account now, refused as pay products would (the console contract "Cannot
     * purchase the current package"; Free is not sold).
     */
    async quotePlan(accountId: string, productId: string) {
      const { account, rights } = await accounts.withRights(accountId);
      const product = planProduct(productId);
      if (!product || !catalogue.currencies.includes(product.currency))
        throw badRequest('product_invalid', 'productId');
      const current = await currentBillingOf(accountId, rights);
      const refusal = cannotBuy(product.type, product.amount > 0, rights, current === null || current === product.plan);
      if (refusal) throw badRequest(refusal, 'productId');
      return {
        ...product,
        language: account.language,
        email: account.email,
        description: BILLING_TEXT[account.language].planOrder(product.type, product.plan),
      };
    },

    /** What a credits package costs in `currency` (the account's default when not given). */
    async quoteCredits(accountId: string, productId: string, currency: string | undefined) {
      const { account } = await accounts.withRights(accountId);
      const entry = catalogue.creditPackages.find((credits) => credits.id === productId);
      const chosen = currencyFor(currency, account.language);
      const amount = entry?.prices[chosen];
      if (!entry || !amount) throw badRequest('product_invalid', 'productId');
      return {
        credits: entry.credits,
        currency: chosen,
        amount,
        language: account.language,
        email: account.email,
        description: BILLING_TEXT[account.language].creditsOrder(entry.credits),
      };
    },

    /**
     * The plans in one currency and one billing period; without a period asked for, the one the running plan
     * is billed by (a monthly customer sees the monthly cards, with theirs as the current plan), else yearly.
     */
    async products(accountId: string, query: { currency?: string; plan?: BillingPlan }): Promise<ProductList> {
      const { account, rights } = await accounts.withRights(accountId);
      const currency = currencyFor(query.currency, account.language);
      const text = BILLING_TEXT[account.language];
      const current = await currentBillingOf(accountId, rights);
      const plan: BillingPlan = query.plan ?? current ?? 'yr';
      const list = PLAN_TYPES.map((type): Product => {
        const entry = catalogue.plans[type];
        const price = entry.prices[currency];
        // A plan an operator opened was bought by no order: any billing of it counts as the current one.
        const refusal = cannotBuy(type, price !== undefined, rights, current === null || current === plan);
        const yearly = plan === 'yr';
        return {
          productId: `${type}-${plan}-${currency}`,
          type,
          showType: entry.showType,
          currency,
          plan,
          planDesc: text.planDesc[plan],
          productPrice: price ? (yearly ? price.year : price.month) : 0,
          monthlyPrice: price ? (yearly ? Math.round(price.year / 12) : price.month) : 0,
          productDesc: price && yearly ? text.annualSaving(catalogue.annualSavingPercent) : '',
          benefits: entry.benefits[account.language],
          isPopular: entry.isPopular,
          needShowDiscount: entry.needShowDiscount,
          canBuy: refusal === null,
          cannotBuy: refusal,
          current: type === rights.plan && (type === 'Free' || current === null || current === plan),
        };
      });
      return {
        list,
        currencies: catalogue.currencies,
        currency,
        plan,
        annualSavingPercent: catalogue.annualSavingPercent,
      };
    },

    async creditsProducts(accountId: string, query: { currency?: string }): Promise<CreditsProductList> {
      const { account } = await accounts.withRights(accountId);
      const currency = currencyFor(query.currency, account.language);
      return {
        list: catalogue.creditPackages.map((credits) => ({
          productId: credits.id,
          credits: credits.credits,
          currency,
          productPrice: credits.prices[currency] as number,
          canBuy: true,
        })),
        currencies: catalogue.currencies,
        currency,
      };
    },

    /**
     * User VIP info with its derived values. A plan an operator opened (or DEFAULT_PLAN gave) is
     * bySuperAdminOpen and never auto-subscribed; a bought plan is auto-subscribed while its subscription
     * renews.
     */
    async vipUserInfo(accountId: string): Promise<VipUserInfo> {
      const [{ account, rights }, subscription] = await Promise.all([
        accounts.withRights(accountId),
        deps.subscriptions.active(accountId),
      ]);
      const { plan, paid, periodEnd } = rights;
      const showType = catalogue.plans[plan].showType;
      const left = daysLeft(rights);
      const bySuperAdminOpen = paid && account.plan_by_admin;
      const autoSubscribe =
        paid && !bySuperAdminOpen && subscription !== undefined && !subscription.cancel_at_period_end;
      return {
        product: { type: plan, showType },
        subscribeId: subscription?.id ?? null,
        isVip: paid,
        isTrial: false,
        VipExpireTime: paid && periodEnd ? Math.floor(periodEnd.getTime() / 1000) : 0,
        autoSubscribe,
        bySuperAdminOpen,
        surplusDays: paid && left !== null ? Math.max(0, left) : 0,
        expireDate: paid && periodEnd ? formatDay(periodEnd) : null,
        willExpire: willExpire(rights, autoSubscribe),
        planText: showType ? `${brand} ${showType}` : brand,
      };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
