import { createSign, createVerify, type KeyObject } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { OrderService } from '../orders.service.ts';
import { alipayNotificationShape, shapeProblem } from './notifications.ts';
import type { PaymentProvider, ProviderOutcome } from './provider.ts';
import { tradeNo } from './wechat.ts';

export type AlipaySettings = {
  appId: string;
  /** The app's private key, which signs requests (RSA2). */
  privateKey: KeyObject;
  /** Alipay's public key, which verifies its answers and notifications. */
  alipayPublicKey: KeyObject;
  gateway: string;
  notifyUrl: string;
};

/** Alipay's signing string: every parameter but `sign` (and `sign_type` when `omitType`), sorted, `k=v&...`. */
export function alipaySigningString(params: Record<string, string>, omitType: boolean): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && !(omitType && key === 'sign_type') && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export const rsa2Sign = (key: KeyObject, text: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
export const rsa2Verify = (key: KeyObject, text: string, signature: string) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
};

/** yyyy-MM-dd HH:mm:ss in China's time, as the gateway's timestamp and time_expire want it. */
export function alipayTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Minor units (fen) as Alipay's yuan amount with two decimals. */
export const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/**
 * The exact text of `<method>_response` in the gateway's answer: Alipay signs those bytes, so they are cut
 * out of the raw answer rather than re-serialized.
 */
export function signedResponseText(raw: string, responseKey: string): string | null {
  const start = raw.indexOf(`"${responseKey}"`);
  const signAt = raw.lastIndexOf('"sign"');
  if (start < 0 || signAt < start) return null;
  const from = raw.indexOf('{', start);
  const to = raw.lastIndexOf('}', signAt);
  return from < 0 || to < from ? null : raw.slice(from, to + 1);
}

/**
 * Alipay's face-to-face precreate: the order becomes a `qr_code` the payer scans. Requests
 * are signed RSA2 with the app's key; the answer is verified with Alipay's public key before it is believed.
 */
export function alipayProvider(settings: AlipaySettings, now: () => Date = () => new Date()): PaymentProvider {
  /** Calls a gateway method, signed RSA2; its answer is believed only once it verifies with Alipay's key. */
  async function call<T>(method: string, biz: Record<string, string>, extra: Record<string, string> = {}): Promise<T> {
    const params: Record<string, string> = {
      app_id: settings.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsa2Sign(settings.privateKey, alipaySigningString(params, false));
    const response = await fetch(settings.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    const raw = await response.text();
    if (!response.ok) throw new Error(`Alipay answered ${response.status}: ${raw.slice(0, 300)}`);
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    const answer = JSON.parse(raw) as Record<string, unknown> & { sign?: string };
    const signed = signedResponseText(raw, responseKey);
    if (!signed || typeof answer.sign !== 'string' || !rsa2Verify(settings.alipayPublicKey, signed, answer.sign)) {
      throw new Error('Alipay answer does not verify with its public key');
    }
    const result = answer[responseKey] as { code?: string; msg?: string; sub_msg?: string } & T;
    if (result.code !== '10000')
      throw new Error(`Alipay refused ${method}: ${result.code} ${result.sub_msg ?? result.msg ?? ''}`);
    return result;
  }

  return {
    name: 'alipay',
    methods: ['alipay'],
    publicKey: null,
    async start(order) {
      const result = await call<{ qr_code?: string }>(
        'alipay.trade.precreate',
        {
          out_trade_no: tradeNo(order.id),
          total_amount: yuan(order.amount),
          subject: order.description.slice(0, 256),
          time_expire: alipayTime(order.expiresAt),
        },
        { notify_url: settings.notifyUrl },
      );
      if (typeof result.qr_code !== 'string') throw new Error('Alipay gave no qr_code');
      return { providerRef: tradeNo(order.id), checkoutUrl: null, qrCode: result.qr_code };
    },
    async refund(order, reason) {
      // The request number is the order's: asked twice, Alipay answers the same refund.
      const result = await call<{ trade_no?: string; fund_change?: string }>('alipay.trade.refund', {
        out_trade_no: order.providerRef,
        refund_amount: yuan(order.amount),
        out_request_no: `R${tradeNo(order.id)}`,
        refund_reason: reason.slice(0, 256),
      });
      return `${result.trade_no ?? order.providerRef}:R`;
    },
  };
}

/** What an asynchronous notification says about its order, with the money in fen. */
export function alipayOutcome(params: { trade_status?: string; total_amount?: string }): ProviderOutcome | null {
  switch (params.trade_status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED': {
      const match = /^(\d{1,10})\.(\d{2})$/.exec(params.total_amount ?? '');
      const fen = match ? Number(match[1]) * 100 + Number(match[2]) : -1;
      return { status: 'paid', amount: fen, currency: 'CNY' };
    }
    case 'TRADE_CLOSED':
      return { status: 'expired' };
    default:
      return null;
  }
}

/**
 * Alipay's notification endpoint: the form's RSA2 signature is verified (every parameter but sign and
 * sign_type), the app id must be ours, and the notification is applied once by its notify_id. Alipay
 * retries until it reads "success", so a crash before the commit is applied by its retry.
 */
export const alipayRoutes: FastifyPluginAsync<{ settings: AlipaySettings; orders: OrderService }> = async (
  app,
  { settings, orders },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post('/pay/alipay/notify', async (request, reply) => {
    const params = (request.body ?? {}) as Record<string, string>;
    reply.type('text/plain; charset=utf-8');
    if (
      typeof params.sign !== 'string' ||
      !rsa2Verify(settings.alipayPublicKey, alipaySigningString(params, true), params.sign)
    ) {
      request.log.warn('refused an Alipay notification whose signature does not verify');
      return reply.code(400).send('fail');
    }
    if (params.app_id !== settings.appId || !params.notify_id) return reply.code(400).send('fail');
    const checked = alipayNotificationShape.safeParse(params);
    if (!checked.success) {
      // Signed, so Alipay's; a shape we do not handle is acknowledged (a retry would bring the same).
      request.log.warn(
        { provider: 'alipay', problem: shapeProblem(checked.error) },
        'acknowledged an Alipay notification of a shape not handled',
      );
      return reply.send('success');
    }
    const notification = checked.data;
    const outcome = alipayOutcome(notification);
    const order = notification.out_trade_no
      ? await orders.byProviderRef('alipay', notification.out_trade_no)
      : undefined;
    if (outcome && order) await orders.settle(order.id, outcome, { provider: 'alipay', id: notification.notify_id });
    return reply.send('success');
  });
};
