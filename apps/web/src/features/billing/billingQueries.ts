import type { PlanType } from '@leadreel/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { type ProductsArgs, payApi } from '../../api/endpoints.ts';
import { domainKey, routeKey } from '../../api/keys.ts';
import { queryKeys } from '../../api/queries.ts';

/** Query keys of billing; every key starts with `pay`, so one invalidation refreshes them all. */
export const billingKeys = {
  all: domainKey('pay'),
  products: (query: ProductsArgs) => routeKey('pay.products', query),
  creditsProducts: (currency: string | undefined) => routeKey('pay.creditsProducts', { currency }),
  credits: (page: number, pageSize: number) => routeKey('pay.credits', { page, pageSize }),
  config: routeKey('pay.publicKey'),
  order: (orderId: string) => routeKey('pay.orderStatus', { orderId }),
  orders: (page: number, pageSize: number) => routeKey('pay.orders', { page, pageSize }),
};

const ORDER_ROUTE = 'pay.orderStatus';

/** How often an order waiting for its payment is asked about (the provider tells the server, not us). */
export const ORDER_POLL_MS = 2000;

export function useProductsQuery(query: ProductsArgs) {
  return useQuery({
    queryKey: billingKeys.products(query),
    queryFn: () => payApi.products(query),
    placeholderData: keepPreviousData,
  });
}

export function useCreditsProductsQuery(currency: string | undefined) {
  return useQuery({
    queryKey: billingKeys.creditsProducts(currency),
    queryFn: () => payApi.creditsProducts(currency),
    placeholderData: keepPreviousData,
  });
}

export function useCreditLedgerQuery(page: number, pageSize: number) {
  return useQuery({
    queryKey: billingKeys.credits(page, pageSize),
    queryFn: () => payApi.credits(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useOrdersQuery(page: number, pageSize: number) {
  return useQuery({
    queryKey: billingKeys.orders(page, pageSize),
    queryFn: () => payApi.orders(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentConfigQuery() {
  return useQuery({ queryKey: billingKeys.config, queryFn: payApi.config, staleTime: Number.POSITIVE_INFINITY });
}

/** A refusal (the order is not this account's, or gone) ends the polling; a network hiccup does not. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * An order, asked about every 2 s while it waits for its payment and `until` (a time in ms) has not passed;
 * off without an order id.
 */
export function useOrderPolling(orderId: string | null, until = Number.POSITIVE_INFINITY) {
  return useQuery({
    queryKey: billingKeys.order(orderId ?? ''),
    queryFn: () => payApi.orderStatus(orderId ?? ''),
    enabled: orderId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (refused(query.state.error) || (status && status !== 'pending')) return false;
      return Date.now() < until ? ORDER_POLL_MS : false;
    },
  });
}

/**
 * After a payment the account store reloads (its detail and plan: privileges, the period and masked leads
 * follow them), and so do the plans' canBuy, the credits, the billing history and the leads.
 */
export async function refreshAfterPayment(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.account }),
    queryClient.invalidateQueries({ queryKey: queryKeys.vip }),
    // A settled order is not asked about again: its answer would not change.
    queryClient.invalidateQueries({
      queryKey: billingKeys.all,
      predicate: (query) => query.queryKey[1] !== ORDER_ROUTE,
    }),
    queryClient.invalidateQueries({ queryKey: domainKey('leads') }),
  ]);
}

/** The minor-unit exponent of a currency (2 for USD and CNY, 0 for JPY), as Intl knows it. */
function exponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in a currency's minor unit (cents, fen) as the console's language writes money: $189.00, ¥1,285.00. */
export function formatMoney(minor: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'zh_CN' ? 'zh-CN' : 'en', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(minor / 10 ** exponent(currency));
}

/** A whole number grouped as the console's language groups digits: 2,000. */
export const formatNumber = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'zh_CN' ? 'zh-CN' : 'en').format(value);

/** A plan's name as the cards and the dialog show it: Free translated, else the product's display type. */
export function planName(product: { type: PlanType; showType: PlanType | null }, t: (key: string) => string): string {
  return product.type === 'Free' ? t('memberships.free') : (product.showType ?? product.type);
}
