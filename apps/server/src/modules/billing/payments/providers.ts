import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PaymentMethod } from '@leadreel/shared';
import type { Config } from '../../../config.ts';
import { type AlipaySettings, alipayProvider } from './alipay.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { type StripeSettings, stripeClient, stripeProvider } from './stripe.ts';
import { type WechatSettings, wechatProvider } from './wechat.ts';

export function stripeSettings(config: Config): StripeSettings | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    apiUrl: config.STRIPE_API_URL,
  };
}

/** WeChat Pay's settings, when configured (config.ts checked they are all there and the keys read). */
export function wechatSettings(config: Config): WechatSettings | null {
  const { WECHAT_MCH_ID, WECHAT_APP_ID, WECHAT_MCH_SERIAL, WECHAT_PRIVATE_KEY_FILE } = config;
  const { WECHAT_API_V3_KEY, WECHAT_PUBLIC_KEY_FILE } = config;
  if (!WECHAT_MCH_ID || !WECHAT_APP_ID || !WECHAT_MCH_SERIAL || !WECHAT_PRIVATE_KEY_FILE) return null;
  if (!WECHAT_API_V3_KEY || !WECHAT_PUBLIC_KEY_FILE) return null;
  return {
    mchId: WECHAT_MCH_ID,
    appId: WECHAT_APP_ID,
    mchSerial: WECHAT_MCH_SERIAL,
    privateKey: createPrivateKey(readFileSync(WECHAT_PRIVATE_KEY_FILE)),
    apiV3Key: WECHAT_API_V3_KEY,
    platformPublicKey: createPublicKey(readFileSync(WECHAT_PUBLIC_KEY_FILE)),
    apiUrl: config.WECHAT_API_URL.replace(/\/$/, ''),
    notifyUrl: `${config.publicUrl}/pay/wechat/notify`,
  };
}

export function alipaySettings(config: Config): AlipaySettings | null {
  const { ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE } = config;
  if (!ALIPAY_APP_ID || !ALIPAY_PRIVATE_KEY_FILE || !ALIPAY_PUBLIC_KEY_FILE) return null;
  return {
    appId: ALIPAY_APP_ID,
    privateKey: createPrivateKey(readFileSync(ALIPAY_PRIVATE_KEY_FILE)),
    alipayPublicKey: createPublicKey(readFileSync(ALIPAY_PUBLIC_KEY_FILE)),
    gateway: config.ALIPAY_GATEWAY,
    notifyUrl: `${config.publicUrl}/pay/alipay/notify`,
  };
}

/**
 * Which provider takes each method. With no provider configured every method goes to the sandbox (the
 * embedded default: everything works on a fresh install, and no money moves). Once a real provider is
 * configured the sandbox is off, so a live server never sells on a test page; a method with no provider
 * of its own is then not offered.
 */
/** Whether the sandbox is the payment path: no real provider is configured (docs/product.md, Payments). */
export const sandboxIsThePath = (config: Config) =>
  !stripeSettings(config) && !wechatSettings(config) && !alipaySettings(config);

export function paymentProviders(config: Config): Partial<Record<PaymentMethod, PaymentProvider>> {
  const real: Partial<Record<PaymentMethod, PaymentProvider>> = {};
  const stripe = stripeSettings(config);
  if (stripe) real.card = stripeProvider(stripeClient(stripe), stripe);
  const wechat = wechatSettings(config);
  if (wechat) real.wechat = wechatProvider(wechat);
  const alipay = alipaySettings(config);
  if (alipay) real.alipay = alipayProvider(alipay);
  if (Object.keys(real).length > 0) return real;
  const sandbox = sandboxProvider();
  return { card: sandbox, wechat: sandbox, alipay: sandbox };
}
