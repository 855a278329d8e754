import { DNS_PROBLEMS, DOMAIN_FAIL_CODES, MESSAGES } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh_CN.json';

const leaves = (tree: object, prefix = ''): Array<[string, unknown]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );

describe('the locale files', () => {
  it('translate every message key the server can answer with, in both languages', () => {
    for (const key of Object.keys(MESSAGES)) {
      expect(en.errors[key as keyof typeof en.errors], key).toBeTruthy();
      expect(zh.errors[key as keyof typeof zh.errors], key).toBeTruthy();
    }
  });

  it('word validation and errors in English exactly as the server (and the spec) does', () => {
    for (const [key, text] of Object.entries(MESSAGES)) expect(en.errors[key as keyof typeof en.errors]).toBe(text);
  });

  it('begin every English message with a capital letter, as a sentence on screen does', () => {
    // The spec words this one in lower case: "failed to get image size: {reason}". A name written with a
    // capital inside (oEmbed, iPhone) is spelt as its owner spells it.
    const spec = ['image_size_failed'];
    const lower = leaves(en.errors).filter(
      ([key, text]) => typeof text === 'string' && /^[a-z]+\b/.test(text) && !spec.includes(key),
    );
    expect(lower.map(([key]) => key)).toEqual([]);
  });

  it("word every reason a domain's check can give, and every way DNS can fail to answer, in both languages", () => {
    for (const dictionary of [en, zh]) {
      const worded = DOMAIN_FAIL_CODES.filter((code) => code !== 'other');
      expect(Object.keys(dictionary.domains.reasons).sort()).toEqual([...worded].sort());
      expect(Object.keys(dictionary.domains.dnsProblems).sort()).toEqual([...DNS_PROBLEMS].sort());
    }
  });

  it('have the same keys, none empty, and the Chinese file is written in Chinese', () => {
    const enLeaves = leaves(en);
    expect(leaves(zh).map(([key]) => key)).toEqual(enLeaves.map(([key]) => key));
    for (const [key, value] of leaves(zh)) expect(String(value).trim(), key).not.toBe('');
    // Product names, the brand and an example address read the same in both languages.
    const same = [
      'route.whatsapp',
      'route.global-voice',
      'auth.emailPlaceholder',
      'contact.defaultLabel.whatsapp',
      'share.sitesPlaceholder',
      'overlay.widget.channel.whatsapp',
      ...['facebook', 'x', 'linkedin', 'whatsapp', 'telegram', 'pinterest'].map(
        (name) => `overlay.share.network.${name}`,
      ),
    ];
    const english = new Map(enLeaves);
    const untranslated = leaves(zh).filter(([key, value]) => value === english.get(key) && !same.includes(key));
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});
