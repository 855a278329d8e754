import { describe, expect, it } from 'vitest';
import { redactUrl } from './app.ts';

describe('request logging', () => {
  it('redacts tokens and codes in query strings', () => {
    expect(redactUrl('/?token=abc&isNew=true')).toBe('/?token=[redacted]&isNew=true');
    expect(redactUrl('/reset?email=a@b.c&code=123456')).toBe('/reset?email=a@b.c&code=[redacted]');
    expect(redactUrl('/videos?page=2')).toBe('/videos?page=2');
  });
});
