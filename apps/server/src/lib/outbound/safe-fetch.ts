import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { AddressPolicy } from './address-policy.ts';

/** Every address a name resolves to (A and AAAA), as the system resolver answers. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Why a request to an address a user gave got no answer we use. */
export const OUTBOUND_ERROR_CODES = [
  'blocked_address',
  'dns_failed',
  'timeout',
  'too_large',
  'connection_failed',
  'too_many_redirects',
  'redirect_not_followed',
  'http_status',
] as const;
export type OutboundErrorCode = (typeof OUTBOUND_ERROR_CODES)[number];

/** A request that got no HTTP answer we use: `code` says why, `status` the answer's for http_status. */
export class OutboundRequestError extends Error {
  readonly code: OutboundErrorCode;
  readonly status: number | undefined;
  constructor(code: OutboundErrorCode, detail: string, status?: number) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.status = status;
  }
}

/** What every request to an address a user gave shares: where it may go and how long it may take. */
type GuardOptions = {
  /** Which resolved addresses may be connected to. */
  policy: AddressPolicy;
  resolve?: Resolve;
  /** The whole exchange, redirects (and for a GET the body) included. */
  timeoutMs?: number;
  maxRedirects?: number;
};

export type SafePostOptions = GuardOptions & { body: string; headers: Record<string, string> };

export type SafeGetOptions = GuardOptions & {
  timeoutMs: number;
  /** The body is read as it arrives and the exchange aborted once it passes this many bytes. */
  maxBytes: number;
  /** The Accept header. */
  accept?: string;
  headers?: Record<string, string>;
};

export type SafeGetAnswer = { status: number; contentType: string; body: Buffer; finalUrl: string };

/** Redirects a POST follows: those that keep the method and body (RFC 9110 §15.4: 307/308 must; 301/302 historically may not). */
const POST_FOLLOWED = new Set([301, 302, 307, 308]);
/** Redirects a GET follows: every one that names a new target (RFC 9110 §15.4; 303 says GET it). */
const GET_FOLLOWED = new Set([301, 302, 303, 307, 308]);

/** The promise, or a timeout error as soon as the exchange's time is up (a DNS lookup cannot be aborted). */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal, host: string): Promise<T> {
  if (signal.aborted) return Promise.reject(new OutboundRequestError('timeout', `no answer from ${host}`));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new OutboundRequestError('timeout', `no answer from ${host}`));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The one address a hop connects to: every address the host resolves to must pass, or none is used. */
async function checkedAddress(url: URL, policy: AddressPolicy, resolve: Resolve, signal: AbortSignal) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    addresses = await beforeDeadline(
      resolve(host).catch((error: unknown) => {
        throw new OutboundRequestError('dns_failed', `${host}: ${(error as Error).message}`);
      }),
      signal,
      host,
    );
    if (addresses.length === 0) throw new OutboundRequestError('dns_failed', `${host}: no addresses`);
  }
  // A name with one public and one private address is refused whole: the resolver's order is not ours.
  for (const { address } of addresses) {
    const reason = policy(address);
    if (reason) throw new OutboundRequestError('blocked_address', `${host} resolves to ${address} (${reason})`);
  }
  return { host, address: (addresses[0] as { address: string }).address };
}

const lostConnection = (url: URL, signal: AbortSignal, error: Error) =>
  signal.aborted
    ? new OutboundRequestError('timeout', `no answer from ${url.host}`)
    : new OutboundRequestError('connection_failed', `${url.host}: ${error.message}`);

/** One request to the checked address, with the URL's own Host header and TLS name; answers the response. */
function requestOnce(
  url: URL,
  address: string,
  host: string,
  request: { method: 'GET' | 'POST'; headers: Record<string, string | number>; body?: string },
  signal: AbortSignal,
) {
  const secure = url.protocol === 'https:';
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const outgoing = (secure ? https : http).request(
      {
        host: address,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        // No agent: no pooled socket to some other address, no proxy from the environment.
        agent: false,
        // The certificate is checked against the name, not the address we connect to.
        ...(secure && !isIP(host) ? { servername: host } : {}),
        headers: { ...request.headers, host: url.host },
        signal,
      },
      resolve,
    );
    outgoing.on('error', (error) => reject(lostConnection(url, signal, error)));
    outgoing.end(request.body);
  });
}

/** An address a user gave, as a hop may go to it: http or https, and no credentials in it. */
function assertFetchable(url: URL) {
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new OutboundRequestError('redirect_not_followed', `refused ${url.protocol} address`);
  }
}

function nextHop(location: string, url: URL, hop: number, maxRedirects: number) {
  if (hop >= maxRedirects) throw new OutboundRequestError('too_many_redirects', `more than ${maxRedirects}`);
  try {
    return new URL(location, url);
  } catch {
    throw new OutboundRequestError('redirect_not_followed', `bad location ${location.slice(0, 200)}`);
  }
}

/**
 * POSTs to an address a user gave (a webhook) without letting it reach what the policy refuses ("resolve
 * the host, refuse loopback, private, link-local and metadata addresses, connect to the checked address,
 * re-check every redirect"). The name is resolved once and the socket opened to the address that was
 * checked, so a DNS answer that changes between check and connect (rebinding) reaches nothing new. A
 * redirect is a new hop, checked the same way; at most `maxRedirects` of them.
 */
export async function safePost(target: string, options: SafePostOptions): Promise<{ status: number }> {
  const resolve = options.resolve ?? systemResolve;
  const maxRedirects = options.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let url = new URL(target);
  for (let hop = 0; ; hop += 1) {
    assertFetchable(url);
    const { host, address } = await checkedAddress(url, options.policy, resolve, signal);
    if (signal.aborted) throw new OutboundRequestError('timeout', `no answer from ${url.host}`);
    const response = await requestOnce(
      url,
      address,
      host,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) },
        body: options.body,
      },
      signal,
    );
    // Only the status counts: the body is never read, so a receiver cannot stream into a worker.
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    response.destroy();
    if (!POST_FOLLOWED.has(status) || !location) return { status };
    url = nextHop(location, url, hop, maxRedirects);
  }
}

/** The body, read as it arrives; too_large as soon as it passes `maxBytes`, announced or not. */
async function readBody(response: http.IncomingMessage, url: URL, maxBytes: number, signal: AbortSignal) {
  const announced = Number(response.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) {
    response.destroy();
    throw new OutboundRequestError('too_large', `${url.host} announces ${announced} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw new OutboundRequestError('too_large', `${url.host} sent more than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (caught) {
    if (caught instanceof OutboundRequestError) throw caught;
    throw lostConnection(url, signal, caught as Error);
  }
  // A connection cut before the announced length is a failed fetch, not a shorter page.
  if (Number.isFinite(announced) && size < announced) {
    throw new OutboundRequestError('connection_failed', `${url.host} sent ${size} of ${announced} bytes`);
  }
  return Buffer.concat(chunks);
}

/**
 * GETs an address a user gave (a blog post, its images) with the same guard as safePost: every hop's
 * addresses checked by the policy before a socket opens, at most `maxRedirects` (5) redirects, the body
 * read as it arrives and dropped past `maxBytes`, and one time limit for the whole exchange. An answer
 * other than 2xx is http_status.
 */
export async function safeGet(target: string, options: SafeGetOptions): Promise<SafeGetAnswer> {
  const resolve = options.resolve ?? systemResolve;
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = { ...options.headers, ...(options.accept ? { accept: options.accept } : {}) };
  let url = new URL(target);
  for (let hop = 0; ; hop += 1) {
    assertFetchable(url);
    const { host, address } = await checkedAddress(url, options.policy, resolve, signal);
    if (signal.aborted) throw new OutboundRequestError('timeout', `no answer from ${url.host}`);
    const response = await requestOnce(url, address, host, { method: 'GET', headers }, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (GET_FOLLOWED.has(status) && location) {
      response.destroy();
      url = nextHop(location, url, hop, maxRedirects);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new OutboundRequestError('http_status', `${url.host} answered ${status}`, status);
    }
    const body = await readBody(response, url, options.maxBytes, signal);
    return { status, contentType: response.headers['content-type'] ?? '', body, finalUrl: url.toString() };
  }
}
