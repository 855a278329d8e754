import { Resolver } from 'node:dns/promises';
import { type DnsProblem, DOMAIN_TXT_LABEL, type DomainFailReason } from '@leadreel/shared';

/**
 * What one DNS question answered: the records, `none` when DNS clearly says there are none (NXDOMAIN: the
 * name does not exist; NODATA: it exists without that type), or `unknown` when no clear answer came
 * (timeout, SERVFAIL, refused...), which says nothing about the records.
 */
export type Answer<T> = { records: T[] } | { none: true } | { unknown: DnsProblem };

/** The four questions a domain's check asks. */
export type DnsLookup = {
  cname: (name: string) => Promise<Answer<string>>;
  txt: (name: string) => Promise<Answer<string>>;
  a: (name: string) => Promise<Answer<string>>;
  aaaa: (name: string) => Promise<Answer<string>>;
};

// node:dns error codes (https://nodejs.org/api/dns.html#error-codes): NXDOMAIN is ENOTFOUND, NODATA ENODATA.
const CLEARLY_NONE = new Set(['ENOTFOUND', 'ENODATA']);
const PROBLEMS: Record<string, DnsProblem> = {
  ETIMEOUT: 'timeout',
  ESERVFAIL: 'servfail',
  EREFUSED: 'refused',
  ECONNREFUSED: 'unreachable',
};

async function ask<T>(question: () => Promise<T[]>, limitMs: number): Promise<Answer<T>> {
  let timer: NodeJS.Timeout | undefined;
  // c-ares has its own timeout per try; this bounds the whole question whatever the resolver does.
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' })), limitMs);
  });
  try {
    return { records: await Promise.race([question(), limit]) };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? 'EUNKNOWN');
    if (CLEARLY_NONE.has(code)) return { none: true };
    return { unknown: PROBLEMS[code] ?? 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * DNS through `node:dns`'s c-ares resolver (never the system's getaddrinfo, whose cache and search
 * domains would blur NXDOMAIN), asking `servers` (`ip` or `ip:port`; empty: the system's), each
 * question limited to `timeoutMs` per try, two tries.
 */
export function createDnsLookup(options: { servers: readonly string[]; timeoutMs: number }): DnsLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  const limit = options.timeoutMs * 3;
  return {
    cname: (name) => ask(() => resolver.resolveCname(name), limit),
    // A TXT record's value may come in several strings of at most 255 bytes (RFC 1035 §3.3.14): one value.
    txt: (name) => ask(async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join('')), limit),
    a: (name) => ask(() => resolver.resolve4(name), limit),
    aaaa: (name) => ask(() => resolver.resolve6(name), limit),
  };
}

/** What a check found: proven, clearly not (with why), or no clear answer (with why): a reason per record. */
export type CheckResult = { verified: true } | { verified: false; clear: boolean; reasons: DomainFailReason[] };

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');
export const txtName = (domain: string) => `${DOMAIN_TXT_LABEL}.${domain}`;
export const txtValue = (token: string) => `leadreel-verify=${token}`;

type Part = { ok: true } | { ok: false; clear: boolean; reason: DomainFailReason };
const unanswered = (name: string, problem: DnsProblem): Part => ({
  ok: false,
  clear: false,
  reason: { code: 'dns_unanswered', values: { name, problem } },
});

async function checkTxt(lookup: DnsLookup, domain: string, token: string): Promise<Part> {
  const name = txtName(domain);
  const wanted = txtValue(token);
  const answer = await lookup.txt(name);
  if ('unknown' in answer) return unanswered(name, answer.unknown);
  if ('none' in answer)
    return { ok: false, clear: true, reason: { code: 'txt_missing', values: { name, value: wanted } } };
  if (answer.records.some((value) => value.trim() === wanted)) return { ok: true };
  return { ok: false, clear: true, reason: { code: 'txt_wrong', values: { name, value: wanted } } };
}

/**
 * The address rule for a name without a CNAME (docs/product.md "Custom domains"): an apex domain cannot
 * have one (RFC 1034 §3.6.2: a CNAME excludes the SOA and NS records an apex must hold), so its A/AAAA
 * records must lead to the target: it has at least one address, and every address it has is one of the
 * target's, so no visitor lands elsewhere.
 */
async function checkAddresses(lookup: DnsLookup, domain: string, target: string): Promise<Part> {
  const [a, aaaa, targetA, targetAaaa] = await Promise.all([
    lookup.a(domain),
    lookup.aaaa(domain),
    lookup.a(target),
    lookup.aaaa(target),
  ]);
  const recordsOf = (...answers: Answer<string>[]) =>
    answers.flatMap((answer) => ('records' in answer ? answer.records : []));
  const own = recordsOf(a, aaaa);
  const targets = new Set(recordsOf(targetA, targetAaaa));
  if (own.length > 0 && targets.size > 0 && own.every((address) => targets.has(address))) return { ok: true };
  const asked: [string, Answer<string>][] = [
    [domain, a],
    [domain, aaaa],
    [target, targetA],
    [target, targetAaaa],
  ];
  for (const [name, answer] of asked) if ('unknown' in answer) return unanswered(name, answer.unknown);
  if (own.length === 0)
    return { ok: false, clear: true, reason: { code: 'cname_missing', values: { name: domain, target } } };
  return {
    ok: false,
    clear: true,
    reason: { code: 'apex_addresses', values: { name: domain, found: own.join(', '), target } },
  };
}

async function checkCname(lookup: DnsLookup, domain: string, target: string): Promise<Part> {
  const answer = await lookup.cname(domain);
  if ('unknown' in answer) return unanswered(domain, answer.unknown);
  if ('none' in answer) return checkAddresses(lookup, domain, target);
  const names = answer.records.map(bare);
  if (names.includes(bare(target))) return { ok: true };
  return {
    ok: false,
    clear: true,
    reason: { code: 'cname_wrong', values: { name: domain, found: names.join(', '), target } },
  };
}

/**
 * Whether `domain` is proven the holder of `token`'s and routed here (docs/product.md "Custom domains"):
 * its CNAME is `target` (case and a trailing dot aside), or for a name without a CNAME its addresses are
 * the target's; and a TXT record at `_leadreel.<domain>` holds `leadreel-verify=<token>`. A clear answer
 * on either record decides; only when neither is clearly wrong does a missing answer leave it unknown.
 */
export async function checkDomain(
  lookup: DnsLookup,
  domain: string,
  token: string,
  target: string,
): Promise<CheckResult> {
  const parts = await Promise.all([checkCname(lookup, domain, target), checkTxt(lookup, domain, token)]);
  const failed = parts.filter((part): part is Extract<Part, { ok: false }> => !part.ok);
  if (failed.length === 0) return { verified: true };
  const clear = failed.filter((part) => part.clear);
  return {
    verified: false,
    clear: clear.length > 0,
    reasons: (clear.length > 0 ? clear : failed).map((part) => part.reason),
  };
}
