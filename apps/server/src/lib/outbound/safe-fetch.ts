import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { WebhookDeliveryError } from '@leadreel/shared';
import type { AddressPolicy } from './address-policy.ts';

/** Every address a name resolves to (A and AAAA), as the system resolver answers. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;
export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A request that got no HTTP answer we count: `code` is what the delivery log shows. */
export class WebhookRequestError extends Error {
  readonly code: WebhookDeliveryError;
  constructor(code: WebhookDeliveryError, detail: string) {
    super(`${code}: ${detail}`);
    this.code = code;
  }
}

export type SafePostOptions = {
  body: string;
  headers: Record<string, string>;
  /** Which resolved addresses may be connected to. */
  policy: AddressPolicy;
  resolve?: Resolve;
  /** The whole exchange, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
};

/** Redirects that keep the method and body (RFC 9110 §15.4: 307/308 must; 301/302 historically may not). */
const FOLLOWED = new Set([301, 302, 307, 308]);

/** The one address a hop connects to: every address the host resolves to must pass, or none is used. */
async function checkedAddress(url: URL, policy: AddressPolicy, resolve: Resolve) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    addresses = await resolve(host).catch((error: unknown) => {
      throw new WebhookRequestError('dns_failed', `${host}: ${(error as Error).message}`);
    });
    if (addresses.length === 0) throw new WebhookRequestError('dns_failed', `${host}: no addresses`);
  }
  // A name with one public and one private address is refused whole: the resolver's order is not ours.
  for (const { address } of addresses) {
    const reason = policy(address);
    if (reason) throw new WebhookRequestError('blocked_address', `${host} resolves to ${address} (${reason})`);
  }
  return { host, address: addresses[0] as { address: string; family: number } };
}

/** One POST to the checked address, with the URL's own Host header and TLS name; answers the status. */
function postOnce(url: URL, address: string, host: string, options: SafePostOptions, signal: AbortSignal) {
  const secure = url.protocol === 'https:';
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const request = (secure ? https : http).request(
      {
        host: address,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        // No agent: no pooled socket to some other address, no proxy from the environment.
        agent: false,
        // The certificate is checked against the name, not the address we connect to.
        ...(secure && !isIP(host) ? { servername: host } : {}),
        headers: { ...options.headers, host: url.host, 'content-length': Buffer.byteLength(options.body) },
        signal,
      },
      (response) => {
        // Only the status counts: the body is never read, so a receiver cannot stream into a worker.
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        response.destroy();
      },
    );
    request.on('error', (error) =>
      reject(
        signal.aborted
          ? new WebhookRequestError('timeout', `no answer from ${url.host}`)
          : new WebhookRequestError('connection_failed', `${url.host}: ${error.message}`),
      ),
    );
    request.end(options.body);
  });
}

/**
 * POSTs a webhook without letting it reach what the policy refuses ("resolve the host, refuse
 * loopback, private, link-local and metadata addresses, connect to the checked address, re-check every
 * redirect"). The name is resolved once and the socket opened to the address that was checked, so a DNS
 * answer that changes between check and connect (rebinding) reaches nothing new. A redirect is a new hop,
 * checked the same way; at most `maxRedirects` of them.
 */
export async function safePost(target: string, options: SafePostOptions): Promise<{ status: number }> {
  const resolve = options.resolve ?? systemResolve;
  const maxRedirects = options.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let url = new URL(target);
  for (let hop = 0; ; hop += 1) {
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      throw new WebhookRequestError('redirect_not_followed', `refused ${url.protocol} address`);
    }
    const { host, address } = await checkedAddress(url, options.policy, resolve);
    if (signal.aborted) throw new WebhookRequestError('timeout', `no answer from ${url.host}`);
    const { status, location } = await postOnce(url, address.address, host, options, signal);
    if (!FOLLOWED.has(status) || !location) return { status };
    if (hop >= maxRedirects) throw new WebhookRequestError('too_many_redirects', `more than ${maxRedirects}`);
    try {
      url = new URL(location, url);
    } catch {
      throw new WebhookRequestError('redirect_not_followed', `bad location ${location.slice(0, 200)}`);
    }
  }
}
