import { createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { OrderService } from '../orders.service.ts';
import { shapeProblem, wechatNotificationShape, wechatTransactionShape } from './notifications.ts';
import type { PaymentProvider, ProviderOutcome } from './provider.ts';

/** How old a signed answer or notification may be: WeChat Pay's own advice, so a captured one is not replayed. */
const MAX_AGE_SECONDS = 300;

export type WechatSettings = {
  mchId: string;
  appId: string;
  /** The serial number of the merchant's API certificate, named in each request's signature. */
  mchSerial: string;
  privateKey: KeyObject;
  /** The APIv3 key: 32 characters that decrypt notifications (AES-256-GCM). */
  apiV3Key: string;
  /** WeChat Pay's public key, which verifies its answers and notifications. */
  platformPublicKey: KeyObject;
  apiUrl: string;
  notifyUrl: string;
};

/** RFC 3339 in China's time, as time_expire wants it: 2026-11-25T11:46:22+08:00. */
export function chinaTime(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/** The order id as an out_trade_no (6 to 32 of [A-Za-z0-9]): the uuid without its dashes. */
export const tradeNo = (orderId: string) => orderId.replaceAll('-', '');
/** Does WeChat Pay's signature over `timestamp\nnonce\nbody\n` verify, and is it recent? */
export function verifyWechatSignature(
  key: KeyObject,
  headers: { timestamp: unknown; nonce: unknown; signature: unknown },
  body: string,
  nowSeconds: number,
): boolean {
  const { timestamp, nonce, signature } = headers;
  if (typeof timestamp !== 'string' || typeof nonce !== 'string' || typeof signature !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > MAX_AGE_SECONDS) return false;
  return createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(key, signature, 'base64');
}

/** The resource of a notification, decrypted with the APIv3 key (AES-256-GCM, the tag the last 16 bytes). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * WeChat Pay API v3, Native payment: the order becomes a `code_url` the payer scans.
 * Every request is signed with the merchant's key (WECHATPAY2-SHA256-RSA2048) and every answer verified
 * with WeChat Pay's public key before it is believed.
 */
export function wechatProvider(settings: WechatSettings, now: () => Date = () => new Date()): PaymentProvider {
  function authorization(method: string, path: string, body: string) {
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`)
      .sign(settings.privateKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${settings.mchSerial}"`;
  }

  /** A signed request to the API, its answer believed only once it verifies with WeChat Pay's key. */
  async function request<T>(method: 'POST', path: string, payload: unknown): Promise<T> {
    const body = JSON.stringify(payload);
    const response = await fetch(`${settings.apiUrl}${path}`, {
      method,
      headers: {
        authorization: authorization(method, path, body),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`WeChat Pay answered ${response.status}: ${text.slice(0, 300)}`);
    const signed = verifyWechatSignature(
      settings.platformPublicKey,
      {
        timestamp: response.headers.get('wechatpay-timestamp'),
        nonce: response.headers.get('wechatpay-nonce'),
        signature: response.headers.get('wechatpay-signature'),
      },
      text,
      Math.floor(now().getTime() / 1000),
    );
    if (!signed) throw new Error('WeChat Pay answer does not verify with its public key');
    return JSON.parse(text) as T;
  }

  return {
    name: 'wechat',
    methods: ['wechat'],
    publicKey: null,
    async start(order) {
      const { code_url: codeUrl } = await request<{ code_url?: unknown }>('POST', '/v3/pay/transactions/native', {
        appid: settings.appId,
        mchid: settings.mchId,
        description: order.description.slice(0, 127),
        out_trade_no: tradeNo(order.id),
        time_expire: chinaTime(order.expiresAt),
        notify_url: settings.notifyUrl,
        amount: { total: order.amount, currency: order.currency },
      });
      if (typeof codeUrl !== 'string') throw new Error('WeChat Pay gave no code_url');
      return { providerRef: tradeNo(order.id), checkoutUrl: null, qrCode: codeUrl };
    },
    async refund(order, reason) {
      // The refund number is the order's: asked twice, WeChat Pay answers the same refund.
      const refund = await request<{ refund_id?: string; status?: string }>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: order.providerRef,
        out_refund_no: `R${tradeNo(order.id)}`,
        reason: reason.slice(0, 80),
        amount: { refund: order.amount, total: order.amount, currency: order.currency },
      });
      if (!refund.refund_id || refund.status === 'ABNORMAL' || refund.status === 'CLOSED') {
        throw new Error(`WeChat Pay did not refund: ${refund.status ?? 'no refund id'}`);
      }
      return refund.refund_id;
    },
  };
}

type Transaction = z.infer<typeof wechatTransactionShape>;

/** What a transaction notification says about its order. */
export function wechatOutcome(transaction: Transaction): ProviderOutcome | null {
  switch (transaction.trade_state) {
    case 'SUCCESS':
      return {
        status: 'paid',
        amount: transaction.amount?.total ?? -1,
        currency: transaction.amount?.currency ?? '',
      };
    case 'PAYERROR':
      return { status: 'failed', reason: transaction.trade_state_desc ?? 'the payment failed' };
    case 'CLOSED':
      return { status: 'expired' };
    default:
      return null;
  }
}

/**
 * WeChat Pay's notification endpoint: the signature is verified over the exact body, the resource decrypted
 * with the APIv3 key, and the notification applied once by its id. WeChat Pay retries until it gets 200 or
 * 204, so a crash before the commit is applied by its retry.
 */
export const wechatRoutes: FastifyPluginAsync<{
  settings: WechatSettings;
  orders: OrderService;
  now: () => Date;
}> = async (app, { settings, orders, now }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ code: 'FAIL', message });

  app.post('/pay/wechat/notify', async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const signed = verifyWechatSignature(
      settings.platformPublicKey,
      {
        timestamp: request.headers['wechatpay-timestamp'],
        nonce: request.headers['wechatpay-nonce'],
        signature: request.headers['wechatpay-signature'],
      },
      body,
      Math.floor(now().getTime() / 1000),
    );
    if (!signed) {
      request.log.warn('refused a WeChat Pay notification whose signature does not verify');
      return fail(reply, 401, 'signature does not verify');
    }
    let id: string;
    let transaction: Transaction;
    try {
      const notification = wechatNotificationShape.parse(JSON.parse(body));
      id = notification.id;
      transaction = wechatTransactionShape.parse(JSON.parse(decryptResource(settings.apiV3Key, notification.resource)));
    } catch (error) {
      if (error instanceof z.ZodError) {
        // Signed, so WeChat Pay's; a shape we do not handle is acknowledged (a retry would bring the same).
        request.log.warn(
          { provider: 'wechat', problem: shapeProblem(error) },
          'acknowledged a WeChat Pay notification of a shape not handled',
        );
        return reply.code(204).send();
      }
      request.log.warn({ err: error }, 'refused a WeChat Pay notification that does not decrypt');
      return fail(reply, 400, 'resource does not decrypt');
    }
    // Another merchant's or another app's transaction is not ours to apply.
    if (transaction.mchid !== settings.mchId || transaction.appid !== settings.appId) {
      return fail(reply, 400, 'not this merchant');
    }
    const outcome = wechatOutcome(transaction);
    const order = transaction.out_trade_no ? await orders.byProviderRef('wechat', transaction.out_trade_no) : undefined;
    if (!outcome || !order) return reply.code(204).send();
    await orders.settle(order.id, outcome, { provider: 'wechat', id });
    return reply.code(204).send();
  });
};
