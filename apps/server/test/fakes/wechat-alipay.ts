import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const sign = (key: KeyObject, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
const verify = (key: KeyObject, text: string, signature: string) =>
  createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
const pem = (key: KeyObject) => key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' });

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A small WeChat Pay API v3 on loopback: Native orders (`POST /v3/pay/transactions/native`), refused unless
 * the request's WECHATPAY2-SHA256-RSA2048 signature verifies with the merchant's public key, answered with
 * a `code_url` signed by the platform's key; and transaction notifications encrypted with the APIv3 key
 * (AEAD_AES_256_GCM) and signed like WeChat Pay's. Every key is made here.
 */
export async function startFakeWechat(dir: string) {
  const merchant = rsaKeys();
  const platform = rsaKeys();
  const mchId = '1900000109';
  const appId = 'wxd678efh567hg6787';
  const mchSerial = randomBytes(20).toString('hex').toUpperCase();
  const refunds = new Map<string, { out_trade_no: string; refund_id: string; amount: { refund: number } }>();
  const apiV3Key = randomBytes(16).toString('hex');
  const orders = new Map<
    string,
    { amount: { total: number; currency: string }; description: string; notify_url: string }
  >();

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const answer = (status: number, value: unknown) => {
      const text = JSON.stringify(value);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      response.writeHead(status, {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': sign(platform.privateKey, `${timestamp}\n${nonce}\n${text}\n`),
        'wechatpay-serial': 'PUB_KEY_ID_0000000000000024101100397200000006',
      });
      response.end(text);
    };
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${request.method}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    if (
      fields.mchid !== mchId ||
      fields.serial_no !== mchSerial ||
      !verify(merchant.publicKey, message, fields.signature ?? '')
    ) {
      return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    if (request.method === 'POST' && request.url === '/v3/pay/transactions/native') {
      const order = JSON.parse(body);
      if (order.amount?.currency !== 'CNY') return answer(400, { code: 'PARAM_ERROR', message: '币种错误' });
      orders.set(order.out_trade_no, order);
      return answer(200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}` });
    }
    if (request.method === 'POST' && request.url === '/v3/refund/domestic/refunds') {
      const refund = JSON.parse(body);
      const order = orders.get(refund.out_trade_no);
      if (!order) return answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      if (refund.amount?.total !== order.amount.total) return answer(400, { code: 'PARAM_ERROR', message: '金额错误' });
      const made = refunds.get(refund.out_refund_no) ?? {
        ...refund,
        refund_id: `5030${randomBytes(8).toString('hex')}`,
      };
      refunds.set(refund.out_refund_no, made);
      return answer(200, { refund_id: made.refund_id, out_refund_no: refund.out_refund_no, status: 'PROCESSING' });
    }
    return answer(404, { code: 'NOT_FOUND', message: 'not found' });
  });
  const url = await listen(server);
  const privateKeyFile = path.join(dir, 'wechat-merchant.pem');
  const publicKeyFile = path.join(dir, 'wechat-platform.pem');
  await writeFile(privateKeyFile, pem(merchant.privateKey));
  await writeFile(publicKeyFile, pem(platform.publicKey));

  return {
    url,
    orders,
    refunds,
    env: {
      WECHAT_MCH_ID: mchId,
      WECHAT_APP_ID: appId,
      WECHAT_MCH_SERIAL: mchSerial,
      WECHAT_PRIVATE_KEY_FILE: privateKeyFile,
      WECHAT_API_V3_KEY: apiV3Key,
      WECHAT_PUBLIC_KEY_FILE: publicKeyFile,
      WECHAT_API_URL: url,
    },
    /** A transaction notification as WeChat Pay posts it to the notify_url: its body and headers. */
    notification(
      outTradeNo: string,
      transaction: { trade_state: string; total?: number; currency?: string; mchid?: string },
      options: { id?: string; timestamp?: number; signWith?: KeyObject; key?: string } = {},
    ) {
      const order = orders.get(outTradeNo);
      const plain = JSON.stringify({
        mchid: transaction.mchid ?? mchId,
        appid: appId,
        out_trade_no: outTradeNo,
        transaction_id: `4200000${randomBytes(8).toString('hex')}`,
        trade_type: 'NATIVE',
        trade_state: transaction.trade_state,
        trade_state_desc: transaction.trade_state === 'SUCCESS' ? '支付成功' : '支付失败',
        success_time: new Date().toISOString(),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: {
          total: transaction.total ?? order?.amount.total,
          payer_total: transaction.total ?? order?.amount.total,
          currency: transaction.currency ?? 'CNY',
          payer_currency: 'CNY',
        },
      });
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv(
        'aes-256-gcm',
        Buffer.from(options.key ?? apiV3Key, 'utf8'),
        Buffer.from(nonce, 'utf8'),
      );
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      const body = JSON.stringify({
        id: options.id ?? randomBytes(16).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: transaction.trade_state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.FAIL',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: ciphertext.toString('base64'),
          associated_data: 'transaction',
          nonce,
        },
      });
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const headerNonce = randomBytes(16).toString('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': headerNonce,
          'wechatpay-signature': sign(
            options.signWith ?? platform.privateKey,
            `${timestamp}\n${headerNonce}\n${body}\n`,
          ),
          'wechatpay-serial': 'PUB_KEY_ID_0000000000000024101100397200000006',
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Alipay's signing string: every parameter but sign (and sign_type when omitted), sorted, k=v&... */
const signingString = (params: Record<string, string>, omitType: boolean) =>
  Object.keys(params)
    .filter((key) => key !== 'sign' && !(omitType && key === 'sign_type') && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');

/**
 * A small Alipay open-API gateway on loopback: `alipay.trade.precreate`, refused unless the request's RSA2
 * signature verifies with the app's public key, answered with a `qr_code` and Alipay's RSA2 signature over
 * the response's exact text; and asynchronous notifications signed as Alipay signs them. Keys made here.
 */
export async function startFakeAlipay(dir: string) {
  const app = rsaKeys();
  const alipay = rsaKeys();
  const appId = '2021000000000001';
  const trades = new Map<string, { total_amount: string; subject: string; notify_url: string }>();
  const alipayRefunds = new Map<string, { out_trade_no: string; refund_amount: string }>();

  const server = createServer(async (request, response) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const responseKey = `${(params.method ?? 'unknown').replaceAll('.', '_')}_response`;
    const answer = (result: Record<string, string>) => {
      const text = JSON.stringify(result);
      response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      response.end(`{"${responseKey}":${text},"sign":"${sign(alipay.privateKey, text)}"}`);
    };
    if (params.app_id !== appId || !verify(app.publicKey, signingString(params, false), params.sign ?? '')) {
      return answer({
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    if (params.method === 'alipay.trade.refund') {
      const refund = JSON.parse(params.biz_content ?? '{}');
      if (!trades.has(refund.out_trade_no)) {
        return answer({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' });
      }
      const again = alipayRefunds.has(refund.out_request_no);
      alipayRefunds.set(refund.out_request_no, {
        out_trade_no: refund.out_trade_no,
        refund_amount: refund.refund_amount,
      });
      return answer({
        code: '10000',
        msg: 'Success',
        out_trade_no: refund.out_trade_no,
        trade_no: `2026112522001${String(refund.out_trade_no).slice(0, 8)}`,
        refund_fee: refund.refund_amount,
        fund_change: again ? 'N' : 'Y',
      });
    }
    if (params.method !== 'alipay.trade.precreate') return answer({ code: '40004', msg: 'Business Failed' });
    const biz = JSON.parse(params.biz_content ?? '{}');
    trades.set(biz.out_trade_no, {
      total_amount: biz.total_amount,
      subject: biz.subject,
      notify_url: params.notify_url ?? '',
    });
    return answer({
      code: '10000',
      msg: 'Success',
      out_trade_no: biz.out_trade_no,
      qr_code: `https://qr.alipay.invalid/${randomBytes(8).toString('hex')}`,
    });
  });
  const url = await listen(server);
  const privateKeyFile = path.join(dir, 'alipay-app.pem');
  const publicKeyFile = path.join(dir, 'alipay-public.pem');
  await writeFile(privateKeyFile, pem(app.privateKey));
  await writeFile(publicKeyFile, pem(alipay.publicKey));

  return {
    url,
    trades,
    refunds: alipayRefunds,
    env: {
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
      ALIPAY_PUBLIC_KEY_FILE: publicKeyFile,
      ALIPAY_GATEWAY: `${url}/gateway.do`,
    },
    /** An asynchronous notification as Alipay posts it: the urlencoded form, signed. */
    notification(
      outTradeNo: string,
      fields: { trade_status: string; total_amount?: string; app_id?: string; notify_id?: string },
      options: { signWith?: KeyObject } = {},
    ) {
      const params: Record<string, string> = {
        notify_time: '2026-11-25 12:00:00',
        notify_type: 'trade_status_sync',
        notify_id: fields.notify_id ?? randomBytes(12).toString('hex'),
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        app_id: fields.app_id ?? appId,
        trade_no: `2026112522001${randomBytes(6).toString('hex')}`,
        out_trade_no: outTradeNo,
        trade_status: fields.trade_status,
        total_amount: fields.total_amount ?? trades.get(outTradeNo)?.total_amount ?? '0.00',
        subject: trades.get(outTradeNo)?.subject ?? '',
      };
      params.sign = sign(options.signWith ?? alipay.privateKey, signingString(params, true));
      return new URLSearchParams(params).toString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A key neither fake trusts, to forge signatures with. */
export const strangerKey = () => rsaKeys().privateKey;
