import type { Language, PaymentMethod, PaymentProviderName } from '@leadreel/shared';

/** What a provider is asked to collect: one order, priced in minor units of its currency. */
export type OrderToPay = {
  id: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** What is bought, in the payer's language, as the provider's page shows it. */
  description: string;
  email: string;
  language: Language;
  expiresAt: Date;
  /** Auto-renew on: the checkout starts a subscription billed every month or year (cards only). */
  renewEvery?: 'month' | 'year';
};

/** Where the payer goes next: a page to open (card), a code to scan (WeChat Pay, Alipay), or both. */
export type CheckoutStart = { providerRef: string; checkoutUrl: string | null; qrCode: string | null };

/**
 * A payment provider: it starts the payer's checkout for an order. What it says back
 * arrives at its own notification route, which verifies it by the provider's scheme and hands the outcome
 * to the orders service (`settle`): everything after the provider's word is one path for every provider.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The methods it takes. */
  readonly methods: readonly PaymentMethod[];
  /** Stripe's publishable key, for the console (the console contract pay publicKey); null for the rest. */
  readonly publicKey: string | null;
  /**
   * Starts the checkout. `origin` is the console's address as the payer's browser sees it; `returnPath`
   * is where the payer comes back to in the console after a checkout page.
   */
  start(order: OrderToPay, urls: { origin: string; returnPath: string }): Promise<CheckoutStart>;
  /**
   * Gives a paid order's money back in full, once however often it is asked (the order id is the
   * refund's idempotency key at the provider); answers the provider's reference for the refund.
   */
  refund(order: OrderToRefund, reason: string): Promise<string>;
  /** Turns a subscription's renewal off (it ends with the period paid for) or back on. */
  setAutoRenew?(subscriptionRef: string, on: boolean): Promise<void>;
  /** Ends a subscription now (another replaced it); what was paid for still runs. */
  endSubscription?(subscriptionRef: string): Promise<void>;
}

/** A paid order to refund: its id, the provider's reference for its payment, and the money taken. */
export type OrderToRefund = { id: string; providerRef: string; amount: number; currency: string };

/** The outcome a provider reports for an order, with the money it says it took. */
export type ProviderOutcome =
  | {
      status: 'paid';
      amount: number;
      currency: string;
      /** The subscription the payment started (Stripe's id), when the order asked to renew. */
      subscriptionRef?: string;
    }
  | { status: 'failed'; reason: string }
  | { status: 'canceled' }
  | { status: 'expired' };
