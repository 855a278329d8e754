import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { type ApiError, createApiClient } from './client.ts';
import { errorText } from './index.ts';

// A small HTTP server speaking the envelope of the console contract stands in for the API.
let server: Server;
let base: string;
const seen: Array<{ method?: string; url?: string; headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const send = (status: number, payload: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload);
      };
      if (req.url?.startsWith('/api/ok')) return send(200, JSON.stringify({ statusCode: 200, data: { fine: true } }));
      if (req.url === '/api/revoked')
        return send(403, JSON.stringify({ statusCode: 403, error: 'unauthorized', message: 'Please sign in again' }));
      if (req.url === '/api/gated')
        return send(403, JSON.stringify({ statusCode: 403, error: 'plan_period', message: 'expired' }));
      if (req.url === '/api/bad')
        return send(400, JSON.stringify({ statusCode: 400, error: 'email_invalid', message: 'x', field: 'email' }));
      if (req.url === '/api/too-soon') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '37' });
        return res.end(JSON.stringify({ statusCode: 429, error: 'code_resend_too_soon', message: 'wait' }));
      }
      if (req.url === '/api/corrupt') {
        const reason = 'VipsJpeg: premature end of JPEG image';
        return send(
          400,
          JSON.stringify({
            statusCode: 400,
            error: 'image_size_failed',
            message: `failed to get image size: ${reason}`,
            field: 'image',
            values: { reason },
          }),
        );
      }
      if (req.url === '/api/bare') return send(500, JSON.stringify({ statusCode: 500 }));
      if (req.url === '/api/html') return send(502, '<html>bad gateway</html>');
      if (req.url === '/api/garbled') return send(200, '{"statusCode": 2');
      // Never answered: the client's timeout is the only way out, however loaded the machine is.
      if (req.url === '/api/slow') return;
      send(404, '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  // The unanswered request's connection too.
  server.closeAllConnections();
  server.close();
});

/** A client of the stand-in API; its timeout is generous, as a loaded machine can take seconds to answer. */
function client(token: string | null = 'tok', onUnauthorized: () => void = () => undefined, timeoutMs = 10_000) {
  return createApiClient({
    baseUrl: base,
    getToken: () => token,
    getLanguage: () => 'zh_CN',
    onUnauthorized,
    timeoutMs,
  });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ApiError) => error,
  );

describe('the API client', () => {
  it('sends the token and language, GET params in the query, POST bodies as JSON, dropping undefined', async () => {
    await client().get('/ok', { page: 2, q: undefined });
    await client().post('/ok', { a: 1, b: undefined });
    const [get, post] = seen.slice(-2);
    expect(get?.url).toBe('/api/ok?page=2');
    expect(get?.headers.authorization).toBe('Bearer tok');
    expect(get?.headers['x-language']).toBe('zh_CN');
    expect(post?.body).toBe('{"a":1}');
    expect(post?.headers['content-type']).toBe('application/json');
  });

  it('answers the data of the envelope', async () => {
    expect(await client().get('/ok')).toEqual({ fine: true });
  });

  it('signs out on a 403 for an invalid token, not on a period-gated 403', async () => {
    let signedOut = 0;
    const revoked = await failure(client('tok', () => signedOut++).get('/revoked'));
    expect(revoked).toMatchObject({ code: 'unauthorized', status: 403 });
    expect(signedOut).toBe(1);
    const gated = await failure(client('tok', () => signedOut++).post('/gated', {}));
    expect(gated).toMatchObject({ code: 'plan_period', status: 403 });
    expect(signedOut).toBe(1);
  });

  it('keeps the error key and field of a validation failure', async () => {
    expect(await failure(client().post('/bad', {}))).toMatchObject({
      code: 'email_invalid',
      field: 'email',
      status: 400,
    });
  });

  it("keeps the values of the error's text, which errorText fills in whichever language is shown", async () => {
    const refused = await failure(client().post('/corrupt', {}));
    expect(refused).toMatchObject({
      code: 'image_size_failed',
      field: 'image',
      values: { reason: 'VipsJpeg: premature end of JPEG image' },
    });
    try {
      await initI18n('en');
      expect(errorText(refused)).toBe('failed to get image size: VipsJpeg: premature end of JPEG image');
      await initI18n('zh_CN');
      expect(errorText(refused)).toBe('无法获取图片尺寸：VipsJpeg: premature end of JPEG image');
    } finally {
      await initI18n('en');
    }
    // An answer without values keeps none.
    expect((await failure(client().post('/bad', {})))?.values).toEqual({});
  });

  it('keeps how long the server asks to wait, and falls back to the status and "Unknown error"', async () => {
    expect(await failure(client().post('/too-soon', {}))).toMatchObject({
      code: 'code_resend_too_soon',
      status: 429,
      retryAfter: 37,
    });
    expect(await failure(client().get('/bare'))).toMatchObject({ code: '500', message: 'Unknown error' });
  });

  it('tells network errors, timeouts, invalid JSON and non-JSON HTTP errors apart', async () => {
    expect((await failure(client('tok', undefined, 200).get('/slow')))?.code).toBe('timeout');
    expect((await failure(client().get('/garbled')))?.code).toBe('invalid_json');
    expect(await failure(client().get('/html'))).toMatchObject({ code: 'http_status', status: 502 });
    const offline = createApiClient({
      baseUrl: 'http://127.0.0.1:1/api',
      getToken: () => null,
      getLanguage: () => 'en',
      onUnauthorized: () => undefined,
    });
    expect((await failure(offline.get('/ok')))?.code).toBe('network');
  });
});
