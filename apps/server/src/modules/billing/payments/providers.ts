import type { PaymentMethod } from '@leadreel/shared';
import type { Config } from '../../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { type StripeSettings, stripeClient, stripeProvider } from './stripe.ts';

export function stripeSettings(config: Config): StripeSettings | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    apiUrl: config.STRIPE_API_URL,
  };
}

/**
 * Which provider takes each method. With no provider configured every method goes to the sandbox (the
 * embedded default: everything works on a fresh install, and no money moves). Once a real provider is
 * configured the sandbox is off, so a live server never sells on a test page; a method with no provider
 * of its own is then not offered.
 */
export function paymentProviders(config: Config): Partial<Record<PaymentMethod, PaymentProvider>> {
  const stripe = stripeSettings(config);
  const real: Partial<Record<PaymentMethod, PaymentProvider>> = {};
  if (stripe) real.card = stripeProvider(stripeClient(stripe), stripe);
  if (Object.keys(real).length > 0) return real;
  const sandbox = sandboxProvider();
  return { card: sandbox, wechat: sandbox, alipay: sandbox };
}
