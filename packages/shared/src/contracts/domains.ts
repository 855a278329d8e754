import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { textField } from '../text.ts';

// ---- Custom domains (the console contract account/custom-domain, "vod/cname: list, add, del, folder binding,
// favicon"; states verifying, verified, fail; docs/product.md "Custom domains") ----

export const DOMAIN_STATUSES = ['verifying', 'verified', 'fail'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** The label of the TXT record that proves a domain is the account's: `_leadreel.<domain>`. */
export const DOMAIN_TXT_LABEL = '_leadreel';
/** "DNS propagation notice: 24-48 hours": how long a verifying domain is re-checked before it fails. */
export const DOMAIN_VERIFY_HOURS = 48;
const DOMAIN_MAX = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * A domain as the user typed it, or why it cannot be one. Uppercase is lowered, one trailing dot is
 * dropped, an internationalised name becomes its punycode (what DNS and the Host header carry); a scheme,
 * port, path, wildcard, IP literal, single label or `localhost` is refused, not repaired, so what is
 * stored is exactly the name the user will publish records for. The same check runs in the console.
 */
export function normaliseDomain(input: string): { domain: string } | { error: MessageKey } {
  const typed = input.trim();
  if (!typed) return { error: 'domain_required' };
  if (/[/:@?#\\\s*]/.test(typed) || typed.startsWith('[')) {
    return { error: /^\[|^[0-9a-f:]+$/i.test(typed) && typed.includes(':') ? 'domain_ip' : 'domain_invalid' };
  }
  const dotless = typed.endsWith('.') ? typed.slice(0, -1) : typed;
  let ascii: string;
  try {
    // The WHATWG URL parser applies UTS #46 (lowercasing, punycode) the same in Node and in browsers.
    ascii = new URL(`http://${dotless}/`).hostname;
  } catch {
    return { error: 'domain_invalid' };
  }
  if (IPV4.test(ascii) || IPV4.test(dotless)) return { error: 'domain_ip' };
  if (ascii.length > DOMAIN_MAX) return { error: 'domain_invalid' };
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { error: 'domain_invalid' };
  if (/^\d+$/.test(labels.at(-1) as string)) return { error: 'domain_ip' };
  if (ascii === 'localhost' || ascii.endsWith('.localhost')) return { error: 'domain_reserved' };
  return { domain: ascii };
}

export const domainField = textField('domain_required').transform((value, context) => {
  const result = normaliseDomain(value);
  if ('error' in result) {
    context.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }
  return result.domain;
});
export const domainIdField = z.uuid({ error: 'domain_not_found' });

export const addDomainBody = z.strictObject({ domain: domainField });
export const domainIdBody = z.strictObject({ id: domainIdField });
/** Reset: a new domain takes the place of `id`, which keeps serving until the new one is verified. */
export const resetDomainBody = z.strictObject({ id: domainIdField, domain: domainField });
/** Folder binding: that folder's videos are shared on this domain; null unbinds. */
export const bindDomainFolderBody = z.strictObject({
  id: domainIdField,
  folderId: z.uuid({ error: 'folder_invalid' }).nullable(),
});
/** The favicon pages on this domain show when no brand gives one: a JPG or PNG in base64. */
export const domainFaviconBody = z.strictObject({
  id: domainIdField,
  image: textField('image_file_invalid').max(3_000_000, 'image_too_large'),
});

/** How a DNS question went unanswered (node:dns's ETIMEOUT, ESERVFAIL, EREFUSED, ECONNREFUSED, or else). */
export const DNS_PROBLEMS = ['timeout', 'servfail', 'refused', 'unreachable', 'failed'] as const;
export type DnsProblem = (typeof DNS_PROBLEMS)[number];

/**
 * Why a domain's check failed, one reason per record at fault (both may be): a code the console and the
 * lost-domain mail word in the reader's language, and the DNS names, values and addresses that fill it,
 * which read the same in every language. `found` lists what DNS holds instead, comma-separated. `other` is
 * a reason stored in words before reasons were codes, shown as it was written.
 */
export const domainFailReason = z.discriminatedUnion('code', [
  z.object({ code: z.literal('txt_missing'), values: z.object({ name: z.string(), value: z.string() }) }),
  z.object({ code: z.literal('txt_wrong'), values: z.object({ name: z.string(), value: z.string() }) }),
  z.object({ code: z.literal('cname_missing'), values: z.object({ name: z.string(), target: z.string() }) }),
  z.object({
    code: z.literal('cname_wrong'),
    values: z.object({ name: z.string(), found: z.string(), target: z.string() }),
  }),
  /** A name without a CNAME whose A/AAAA addresses are not all the target's (docs/product.md's apex rule). */
  z.object({
    code: z.literal('apex_addresses'),
    values: z.object({ name: z.string(), found: z.string(), target: z.string() }),
  }),
  /** No clear answer for `name`: it says nothing about the records, so it never fails a verified domain. */
  z.object({
    code: z.literal('dns_unanswered'),
    values: z.object({ name: z.string(), problem: z.enum(DNS_PROBLEMS) }),
  }),
  z.object({ code: z.literal('canceled'), values: z.object({}) }),
  z.object({ code: z.literal('other'), values: z.object({ text: z.string() }) }),
]);
export type DomainFailReason = z.infer<typeof domainFailReason>;
export type DomainFailCode = DomainFailReason['code'];
export const DOMAIN_FAIL_CODES: readonly DomainFailCode[] = domainFailReason.options.map(
  (option) => option.shape.code.value,
);

// Answers: plain shapes, checked and not transformed.

export const customDomainData = z.object({
  id: z.string(),
  /** The domain, in punycode (the console shows it as typed: `displayDomain`). */
  cname: z.string(),
  /** What the CNAME record points to: the installation's CUSTOM_DOMAIN_TARGET. */
  cnameValue: z.string(),
  /** The TXT record that proves ownership: its name and value. */
  txtName: z.string(),
  txtValue: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  /** Serving pages now: verified, and not since lost. A domain being replaced stays active meanwhile. */
  active: z.boolean(),
  /** Why the last check failed, a reason per record at fault; empty when it passed or none ran yet. */
  failReasons: z.array(domainFailReason),
  /** The domain this one replaces when verified (a reset), else null. */
  replacesId: z.string().nullable(),
  folderId: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  checkedAt: z.number().nullable(),
  verifiedAt: z.number().nullable(),
  /** When the next automatic check runs; null when none is planned. */
  nextCheckAt: z.number().nullable(),
});
export type CustomDomain = z.infer<typeof customDomainData>;

export const customDomainListData = z.object({
  list: z.array(customDomainData),
  /** The plan's cap (cnameCount); 0 means custom domains are not part of the plan. */
  cap: z.number().int(),
  /** The host every CNAME points to. */
  target: z.string(),
});
