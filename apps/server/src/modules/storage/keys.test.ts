import { describe, expect, it } from 'vitest';
import { assertSafeKey, assertUploadId } from './keys.ts';

describe('assertSafeKey', () => {
  it.each(['sources/0b0c/9d9e/source', 'media/a/b/3/hls/720p/seg_00001.ts', 'media/a/b/3/fast.m3u8'])(
    'accepts %s',
    (key) => {
      expect(assertSafeKey(key)).toBe(key);
    },
  );

  it.each([
    '',
    '../etc/passwd',
    'sources/../../etc',
    'sources/./x',
    'sources/%2e%2e/x',
    'sources/%5cx',
    'sources\\x',
    '/absolute/path',
    'sources//double',
    'sources/x/',
    'nul\u0000byte',
    'space in/key',
    '.hidden/x',
    'x'.repeat(513),
  ])('refuses %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow(/unsafe/);
  });
});

describe('assertUploadId', () => {
  it('accepts only 32 hex characters', () => {
    expect(assertUploadId('0123456789abcdef0123456789abcdef')).toBeTruthy();
    for (const bad of ['', '../x', '0123456789ABCDEF0123456789ABCDEF', `${'a'.repeat(31)}/`]) {
      expect(() => assertUploadId(bad)).toThrow(/unsafe/);
    }
  });
});
