import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.WORKERS).toBe(1);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
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
