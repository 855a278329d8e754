import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from './index.ts';
import { escapeHtml, isStorableText, textField, UUID_PATTERN } from './text.ts';

// NUL and lone surrogates are refused by the contract, for every string of every request.
describe('isStorableText', () => {
  it.each([
    ['plain', 'Ada Lovelace', true],
    ['Chinese', '你好，世界', true],
    ['a surrogate pair (emoji)', 'ok 😀', true],
    ['tabs and line breaks', 'a\tb\r\nc', true],
    ['the empty string', '', true],
    ['NUL', 'a\u0000b', false],
    ['NUL alone', '\u0000', false],
    ['a lone high surrogate', 'a\uD800b', false],
    ['a lone high surrogate at the end', 'a\uDBFF', false],
    ['a lone low surrogate', '\uDC00a', false],
    ['a pair the wrong way round', '\uDE00\uD83D', false],
  ])('%s', (_name, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });
});

describe('textField', () => {
  it('refuses poison with illegal_input before any other check, and keeps its own key for a wrong type', () => {
    const field = textField('email_required').trim().min(1, 'email_required').max(3, 'email_too_long');
    expect(field.safeParse('a\u0000 too long').error?.issues.map((issue) => issue.message)).toEqual(['illegal_input']);
    expect(field.safeParse(42).error?.issues[0]?.message).toBe('email_required');
    expect(field.safeParse(' ab ').data).toBe('ab');
  });

  it('names the field at fault in the public lead and click bodies (the two routes open to anyone)', () => {
    const lead = shared.submitLeadBody.safeParse({
      videoId: '0b6f2f4e-3c1a-4d8e-9a51-2f0c6d7e8a9b',
      answers: { name: 'Ada\uD800' },
      second: 1,
      page: 'https://customer.example.test/',
      referrer: '',
      language: 'en',
      elapsedMs: 5000,
      website: '',
    });
    expect(lead.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['answers.name', 'illegal_input'],
    ]);
    const click = shared.contactClickBody.safeParse({
      videoId: '0b6f2f4e-3c1a-4d8e-9a51-2f0c6d7e8a9b',
      kind: 'whatsapp',
      second: 1,
      page: 'https://customer.example.test/\u0000',
      referrer: '',
    });
    expect(click.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['page', 'illegal_input'],
    ]);
  });
});

/** Every string schema inside `schema` (zod 4 definitions), with where it sits. */
function strings(schema: z.ZodType, at: string, seen = new Set<unknown>()): [string, z.ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (value: unknown, where: string) => strings(value as z.ZodType, where, seen);
  switch (def.type) {
    case 'string':
      return [[at, schema]];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        inner(value, `${at}.${key}`),
      );
    case 'array':
      return inner(def.element, `${at}[]`);
    case 'record':
      return [...inner(def.keyType, `${at}{key}`), ...inner(def.valueType, `${at}{}`)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option, at));
    case 'pipe':
      return [...inner(def.in, at), ...inner(def.out, at)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType, at);
    default:
      return [];
  }
}

describe('every request contract', () => {
  // Requests are the contracts named ...Body and ...Query (answers are ...Data, written by the server).
  const requests = Object.entries(shared).filter(
    ([name, value]) => /(Body|Query)$/.test(name) && typeof value === 'object' && value !== null && '_zod' in value,
  ) as [string, z.ZodType][];

  it('is found, with the strings inside it', () => {
    expect(requests.length).toBeGreaterThan(40);
    expect(requests.flatMap(([name, schema]) => strings(schema, name)).length).toBeGreaterThan(50);
  });

  it.each(['\u0000', '\uD800', '\uDFFF'])('refuses %j in every string it holds', (poison) => {
    const accepting = requests.flatMap(([name, schema]) =>
      strings(schema, name)
        .filter(([, field]) => ['', 'a', 'a@example.test'].some((base) => field.safeParse(base + poison).success))
        .map(([where]) => where),
    );
    expect(accepting).toEqual([]);
  });
});

describe('escapeHtml', () => {
  it('leaves nothing that can open a tag, end a quoted attribute or a template literal', () => {
    const hostile = `<img src=x onerror="alert('1')"> & \`x\``;
    const escaped = escapeHtml(hostile);
    expect(escaped).not.toMatch(/[<>"'`]/);
    expect(escaped).toBe('&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; &#96;x&#96;');
  });

  it('keeps every other character, Chinese and emoji included', () => {
    expect(escapeHtml('你好 😀 a/b')).toBe('你好 😀 a/b');
  });
});

describe('UUID_PATTERN', () => {
  it.each([
    ['a uuid as PostgreSQL writes it', '0b6f1c2e-7d1a-4c39-9a51-2f0e8c6d4b3a', true],
    ['upper case', '0B6F1C2E-7D1A-4C39-9A51-2F0E8C6D4B3A', false],
    ['without dashes', '0b6f1c2e7d1a4c399a512f0e8c6d4b3a', false],
    ['with a trailing newline', '0b6f1c2e-7d1a-4c39-9a51-2f0e8c6d4b3a\n', false],
    ['a path', '../../etc/passwd', false],
  ])('%s: %s', (_name, value, matches) => {
    expect(UUID_PATTERN.test(value)).toBe(matches);
  });
});
