import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, parseConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.WORKERS).toBe(1);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as no proxy, a hop count, or the proxies themselves', () => {
    const trust = (value: string) => parseConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    // `true` once meant every hop, which let a client name its own address; it now means the one balancer.
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['yes', '11', '10.0.0.0/33', '::1/129', 'proxy.example.test', '10.0.0.1/8/2', '1,,2']) {
      expect(() => parseConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('points custom domains at PUBLIC_URL by default, or at CUSTOM_DOMAIN_TARGET, normalised', () => {
    expect(parseConfig({}).customDomainTarget).toBe('localhost');
    expect(parseConfig({ PUBLIC_URL: 'https://Videos.Example.test:8443/' }).customDomainTarget).toBe(
      'videos.example.test',
    );
    const target = parseConfig({
      PUBLIC_URL: 'https://videos.example.test',
      CUSTOM_DOMAIN_TARGET: 'Edge.Example.test.',
    });
    expect(target.customDomainTarget).toBe('edge.example.test');
    for (const wrong of ['https://edge.example.test', 'edge.example.test:443', '192.0.2.1', '*.example.test', 'edge']) {
      expect(() => parseConfig({ CUSTOM_DOMAIN_TARGET: wrong }), wrong).toThrow(/CUSTOM_DOMAIN_TARGET/);
    }
  });

  it('reads DNS_SERVERS as addresses with optional ports, the system resolvers when unset', () => {
    expect(parseConfig({}).DNS_SERVERS).toEqual([]);
    expect(parseConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,::1,[2001:db8::53]:53' }).DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '::1',
      '[2001:db8::53]:53',
    ]);
    for (const wrong of ['dns.example.test', '1.1.1.1:0', '1.1.1.1:70000', '300.1.1.1', '[1.1.1.1]:53', '::1:53x']) {
      expect(() => parseConfig({ DNS_SERVERS: wrong }), wrong).toThrow(/DNS_SERVERS/);
    }
    expect(parseConfig({}).DNS_TIMEOUT_MS).toBe(5000);
    expect(() => parseConfig({ DNS_TIMEOUT_MS: '10' })).toThrow(/DNS_TIMEOUT_MS/);
  });

  it('runs the speech engines locally unless a URL is set, and reads their language lists', () => {
    const config = parseConfig({});
    expect([config.SPEECH_TO_TEXT_URL, config.TRANSLATE_URL, config.TEXT_TO_SPEECH_URL, config.TEXT_TASKS_URL]).toEqual(
      [undefined, undefined, undefined, undefined],
    );
    expect(config.TRANSLATE_PROTOCOL).toBe('libretranslate');
    expect(config.SPEECH_TO_TEXT_LANGUAGES).toContain('en');
    const set = parseConfig({ TRANSLATE_LANGUAGES: ' en, pt-BR ,zh-Hant,', TRANSLATE_PROTOCOL: 'openai' });
    expect(set.TRANSLATE_LANGUAGES).toEqual(['en', 'pt-BR', 'zh-Hant']);
    for (const [key, wrong] of [
      ['TRANSLATE_LANGUAGES', 'english'],
      ['TEXT_TO_SPEECH_LANGUAGES', ','],
      ['SPEECH_TO_TEXT_LANGUAGES', 'en;zh'],
      ['TRANSLATE_PROTOCOL', 'deepl'],
      ['SPEECH_TO_TEXT_URL', 'not a url'],
      ['SPEECH_ENGINE_TIMEOUT_SECONDS', '0'],
      ['SPEECH_ENGINE_RETRIES', '-1'],
    ] as const) {
      expect(() => parseConfig({ [key]: wrong }), `${key}=${wrong}`).toThrow(new RegExp(key));
    }
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '', PORT: '' }).PORT).toBe(8080);
    expect(parseConfig({ SUPPORT_EMAIL: '' }).SUPPORT_EMAIL).toBeUndefined();
  });

  it('reports every problem at once', () => {
    try {
      parseConfig({
        PORT: '70000',
        WORKERS: '-1',
        DATABASE_URL: 'not a url',
        TRUST_PROXY: 'maybe',
        SUPPORT_EMAIL: 'help at example',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const fields = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(fields).toEqual(
        expect.arrayContaining(['PORT', 'WORKERS', 'DATABASE_URL', 'TRUST_PROXY', 'SUPPORT_EMAIL']),
      );
    }
  });

  it('refuses an absolute session lifetime shorter than the idle one', () => {
    expect(() => parseConfig({ SESSION_IDLE_DAYS: '30', SESSION_MAX_DAYS: '7' })).toThrow(/SESSION_MAX_DAYS/);
  });

  it('refuses a request timeout shorter than the header timeout (Node would throw at start)', () => {
    expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS/,
    );
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://videos.example.test/' }).publicUrl).toBe('https://videos.example.test');
  });
});

describe("README's configuration table", () => {
  /** Each row of the table: the variable and its Default cell. */
  async function readmeRows() {
    const readme = await readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    return new Map(
      [...section.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \|/gm)].map((match) => [
        match[1] as string,
        (match[2] as string).trim(),
      ]),
    );
  }

  it('lists every variable the server reads, and no other', async () => {
    const rows = await readmeRows();
    expect([...rows.keys()].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('gives each default as the server has it, where the table names a value', async () => {
    const config = parseConfig({});
    // PUBLIC_URL's default is made from PORT's.
    const defaults: Record<string, unknown> = {
      ...config,
      PUBLIC_URL: config.publicUrl.replace(String(config.PORT), '$PORT'),
    };
    const wrong: string[] = [];
    for (const [name, cell] of await readmeRows()) {
      const literal = /^`([^`]*)`$/.exec(cell)?.[1];
      // A cell in words ("unset: outbox", "Google's certificates URL") describes rather than quotes.
      if (literal === undefined) continue;
      // Paths are absolute on the server and relative to the checkout in the table.
      const value = String(defaults[name]);
      if (path.isAbsolute(value) ? !value.endsWith(`/${literal}`) : value !== literal)
        wrong.push(`${name}: README ${literal}, server ${String(defaults[name])}`);
    }
    expect(wrong).toEqual([]);
  });
});
