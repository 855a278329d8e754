import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugePage } from '../../../test/fakes/huge-page.ts';
import { type AddressPolicy, privateAllowed, publicOnly } from './address-policy.ts';
import { OutboundRequestError, type Resolve, safeGet, safePost } from './safe-fetch.ts';

// the SSRF guard. A canary listens on loopback (IPv4 and IPv6) and must receive nothing:
// every refusal happens before a socket is opened to it.
type Server = { server: http.Server; port: number; hits: { url: string; host: string }[] };

async function listen(host: string, handler: http.RequestListener = (_request, response) => response.end('ok')) {
  const hits: Server['hits'] = [];
  const server = http.createServer((request, response) => {
    hits.push({ url: request.url ?? '', host: request.headers.host ?? '' });
    request.resume();
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

let canary4: Server;
let canary6: Server;
// The one host the redirect tests allow: 127.0.0.2, also loopback, so the canary on 127.0.0.1 stays refused.
let redirector: Server;
let port: number;
const canaryHits = () => canary4.hits.length + canary6.hits.length;

beforeAll(async () => {
  canary4 = await listen('127.0.0.1');
  canary6 = await listen('::1');
  port = canary4.port;
  redirector = await listen('127.0.0.2', (request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
    if (to) response.writeHead(307, { location: to }).end();
    else response.end('ok');
  });
});
afterAll(async () => {
  for (const { server } of [canary4, canary6, redirector]) server.close();
  expect(canaryHits()).toBe(0);
});

const send = (url: string, options: { policy?: AddressPolicy; resolve?: Resolve; timeoutMs?: number } = {}) =>
  safePost(url, { body: '{}', headers: { 'content-type': 'application/json' }, policy: publicOnly, ...options });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundRequestError);
  return (error as OutboundRequestError).code;
}

describe('safePost with the guard on', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['IPv6 loopback', () => `http://[::1]:${canary6.port}/`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['hexadecimal loopback', () => `http://0x7f000001:${port}/`],
    ['decimal loopback', () => `http://2130706433:${port}/`],
    ['octal loopback', () => `http://017700000001:${port}/`],
    ['short loopback', () => `http://127.1:${port}/`],
    ['a name resolving to loopback', () => `http://localhost:${port}/`],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network', () => 'http://10.0.0.1/'],
  ])('refuses %s before connecting', async (_name, url) => {
    expect(await refusal(send(url()))).toBe('blocked_address');
    expect(canaryHits()).toBe(0);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const resolve: Resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(await refusal(send(`http://mixed.test:${port}/`, { resolve }))).toBe('blocked_address');
  });

  it('says when a name does not resolve', async () => {
    const resolve: Resolve = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await refusal(send('https://nowhere.test/', { resolve }))).toBe('dns_failed');
    expect(await refusal(send('https://empty.test/', { resolve: async () => [] }))).toBe('dns_failed');
  });
});

describe('safePost redirects', () => {
  // Only 127.0.0.2 (the redirector) is allowed; names resolve through a fake resolver.
  const onlyRedirector: AddressPolicy = (address) => (address === '127.0.0.2' ? null : 'loopback');
  const names: Record<string, string> = { 'redirector.test': '127.0.0.2', 'evil.test': '127.0.0.1' };
  const resolve: Resolve = async (hostname) => [{ address: names[hostname] ?? '127.0.0.1', family: 4 }];
  const via = (to: string) => `http://redirector.test:${redirector.port}/hook?to=${encodeURIComponent(to)}`;

  it('follows a redirect to an allowed address, with the name as Host', async () => {
    const before = redirector.hits.length;
    const result = await send(via(`http://redirector.test:${redirector.port}/final`), {
      policy: onlyRedirector,
      resolve,
    });
    expect(result.status).toBe(200);
    expect(redirector.hits.slice(before).map((hit) => [hit.url.split('?')[0], hit.host])).toEqual([
      ['/hook', `redirector.test:${redirector.port}`],
      ['/final', `redirector.test:${redirector.port}`],
    ]);
  });

  it.each([
    ['an address literal', () => `http://127.0.0.1:${port}/`],
    ['a hexadecimal literal', () => `http://0x7f000001:${port}/`],
    ['a name resolving to loopback', () => `http://evil.test:${port}/`],
    ['localhost', () => `http://localhost:${port}/`],
  ])('re-checks the target of each redirect: %s is refused', async (_name, target) => {
    const before = redirector.hits.length;
    expect(await refusal(send(via(target()), { policy: onlyRedirector, resolve }))).toBe('blocked_address');
    expect(redirector.hits.length).toBe(before + 1);
    expect(canaryHits()).toBe(0);
  });

  it('refuses redirects to other schemes and stops after three', async () => {
    expect(await refusal(send(via('file:///etc/passwd'), { policy: onlyRedirector, resolve }))).toBe(
      'redirect_not_followed',
    );
    let loop = `http://redirector.test:${redirector.port}/end`;
    for (let i = 0; i < 4; i += 1) loop = via(loop);
    expect(await refusal(send(loop, { policy: onlyRedirector, resolve }))).toBe('too_many_redirects');
  });
});

describe('safePost failures', () => {
  it('times out on a receiver that never answers, and reports a refused connection', async () => {
    const silent = await listen('127.0.0.2', () => undefined);
    const allowAll: AddressPolicy = () => null;
    try {
      expect(await refusal(send(`http://127.0.0.2:${silent.port}/`, { policy: allowAll, timeoutMs: 200 }))).toBe(
        'timeout',
      );
    } finally {
      silent.server.closeAllConnections();
      silent.server.close();
    }
    expect(await refusal(send(`http://127.0.0.2:${silent.port}/`, { policy: allowAll }))).toBe('connection_failed');
  });
});

describe('safeGet', () => {
  const MB = 1024 * 1024;
  // A page server on loopback, reached with private targets allowed (as ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS does).
  let pages: Server;
  let written = 0;
  const page = (path: string) => `http://127.0.0.1:${pages.port}${path}`;
  const fetchPage = (url: string, options: { policy?: AddressPolicy; timeoutMs?: number; maxBytes?: number } = {}) =>
    safeGet(url, { policy: privateAllowed, timeoutMs: 5_000, maxBytes: MB, accept: 'text/html', ...options });

  beforeAll(async () => {
    pages = await listen('127.0.0.1', (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const hops = Number(url.searchParams.get('hops') ?? 0);
      if (url.pathname === '/hop') {
        const next = hops > 1 ? `/hop?hops=${hops - 1}` : '/page';
        response.writeHead(hops % 2 ? 302 : 303, { location: next }).end();
      } else if (url.pathname === '/page') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<p>accept: ${request.headers.accept}</p>`);
      } else if (url.pathname === '/to') {
        response.writeHead(301, { location: url.searchParams.get('target') ?? '/' }).end();
      } else if (url.pathname === '/announced') {
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * MB) });
        response.write('<p>');
      } else if (url.pathname === '/endless') {
        hugePage(response, 50 * MB, (count) => {
          written += count;
        });
      } else if (url.pathname === '/slow') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<p>never finishes');
      } else {
        response.writeHead(404).end('gone');
      }
    });
  });
  afterAll(() => {
    pages.server.closeAllConnections();
    pages.server.close();
  });

  it('answers the body, its type and where it ended, following up to five redirects', async () => {
    const answer = await fetchPage(page('/hop?hops=5'));
    expect(answer).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8', finalUrl: page('/page') });
    expect(answer.body.toString()).toBe('<p>accept: text/html</p>');
    expect(await refusal(fetchPage(page('/hop?hops=6')))).toBe('too_many_redirects');
  });

  it('refuses a body past the limit, announced or not, without reading it all', async () => {
    expect(await refusal(fetchPage(page('/announced')))).toBe('too_large');
    expect(await refusal(fetchPage(page('/endless'), { maxBytes: 5 * MB }))).toBe('too_large');
    expect(written).toBeLessThan(50 * MB);
  });

  it('times out on a body that never ends, and says when the answer is not a success', async () => {
    expect(await refusal(fetchPage(page('/slow'), { timeoutMs: 300 }))).toBe('timeout');
    const missing = await fetchPage(page('/missing')).catch((caught: OutboundRequestError) => caught);
    expect([missing instanceof OutboundRequestError && missing.code, (missing as OutboundRequestError).status]).toEqual(
      ['http_status', 404],
    );
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['a name resolving to loopback', () => `http://localhost:${port}/`],
    ['a private network', () => 'http://10.1.2.3/'],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses %s with the guard on', async (_name, url) => {
    expect(await refusal(fetchPage(url(), { policy: publicOnly }))).toBe('blocked_address');
    expect(canaryHits()).toBe(0);
  });

  // The page server is the one loopback address let through, as if it were public: where it redirects is not.
  const publicAndPages: AddressPolicy = (address) => (address === '127.0.0.1' ? null : publicOnly(address));
  it.each([
    ['loopback', () => `http://[::1]:${canary6.port}/`],
    ['a private network', () => 'http://10.0.0.1/'],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a link-local address', () => 'http://169.254.1.1/'],
  ])('re-checks a redirect: to %s is refused', async (_name, target) => {
    const via = page(`/to?target=${encodeURIComponent(target())}`);
    expect(await refusal(fetchPage(via, { policy: publicAndPages }))).toBe('blocked_address');
    expect(canaryHits()).toBe(0);
  });

  it('never reaches a metadata service, even with private targets allowed', async () => {
    const via = page(`/to?target=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`);
    expect(await refusal(fetchPage(via))).toBe('blocked_address');
    expect(await refusal(fetchPage(page('/to?target=file:///etc/passwd')))).toBe('redirect_not_followed');
  });
});
