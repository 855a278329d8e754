import { z } from 'zod';
import type { MessageKey } from './messages.ts';

// NUL: PostgreSQL refuses U+0000 in text and jsonb ("invalid byte sequence", "unsupported Unicode escape
// sequence"). A lone UTF-16 surrogate: no UTF-8 form (https://encoding.spec.whatwg.org/#utf-8-encode turns it
// into U+FFFD, so what is stored is not what was sent) and jsonb refuses its \uD800 escape. With the u flag a
// well-formed pair is one code point, so \p{Cs} matches only a surrogate without its partner.
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a string can be stored, mailed and exported as the text it is. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Every string a request carries: `z.string()` that refuses NUL and lone surrogates with `illegal_input`
 * ("Illegal input") before any other check, so every route answers them 400 instead of failing in
 * the database. `error` is the message key for a value that is not a string at all.
 */
export function textField(error: MessageKey = 'illegal_input') {
  return z.string({ error }).refine(isStorableText, { message: 'illegal_input', abort: true });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Text for HTML element content or a quoted attribute value: nothing in it can open a tag or end a quote.
 * The one escaper of pages, mails, embed snippets and chart tooltips alike.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => HTML_ESCAPES[char] as string);
}

/** An id as PostgreSQL writes a uuid: every id of ours in a path or a query is checked against it first. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
