import { createHash } from 'node:crypto';
import { escapeHtml } from '@leadreel/shared/text';
import type { FastifyReply } from 'fastify';

// The one escaper of pages and mails, shared with the console's snippets.
export { escapeHtml };

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` as \u escapes, so `</script>` or
 * `<!--` inside a value cannot end or change the block, and U+2028/2029 escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A URL a page may link to: http(s) only, so `javascript:` and `data:` never reach an href. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** The CSP source for an inline block (style or script) whose text is fixed. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** ISO 8601 duration (schema.org VideoObject.duration), e.g. PT1M5S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** A whole page for the holder of one link (a sandbox checkout, an export): fixed styles, not indexed. */
export function privatePage(language: 'en' | 'zh_CN', title: string, style: string, body: string): string {
  return `<!doctype html><html lang="${language === 'zh_CN' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Sends a private page: its styles allowed by their hash and nothing else loaded, never cached, framed,
 * indexed, or named to another site in a Referer (its address is the key to it).
 */
export function sendPrivatePage(reply: FastifyReply, status: number, style: string, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src ${cspHash(style)}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(html);
}

/**
 * A video's page in each of its languages (public-video.ts inLanguage): `address?hl=<language>`, the first
 * language's at the plain address. The canonical of the page in `language`, and the hreflang links naming
 * all of them (none for a video in one language).
 */
export function languageAlternates(address: string, languages: string[], language: string | null) {
  const inLanguage = (each: string) => (each === languages[0] ? address : `${address}?hl=${encodeURIComponent(each)}`);
  const links =
    languages.length > 1
      ? [
          ...languages.map(
            (each) => `<link rel="alternate" hreflang="${escapeHtml(each)}" href="${escapeHtml(inLanguage(each))}">`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(address)}">`,
        ]
      : [];
  return { canonical: language ? inLanguage(language) : address, links };
}
