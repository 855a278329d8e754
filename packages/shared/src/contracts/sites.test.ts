import { describe, expect, it } from 'vitest';
import { navigationLink, SOCIAL_HOSTS, type SocialNetwork, siteContact, webUrl } from './sites.ts';

const EMPTY = Object.fromEntries(
  ['officialSite', 'email', ...Object.keys(SOCIAL_HOSTS)].map((field) => [field, null]),
) as Record<string, string | null>;
const contactError = (field: string, value: string) => {
  const result = siteContact.safeParse({ ...EMPTY, [field]: value });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('webUrl', () => {
  it.each([
    ['https://acme.example/a?b#c', false, true],
    ['http://acme.example', false, true],
    ['http://acme.example', true, false],
    ['javascript:alert(1)', false, false],
    ['JaVaScRiPt:alert(1)', false, false],
    ['data:text/html,<b>x</b>', false, false],
    ['ftp://acme.example', false, false],
    ['https://user:pass@acme.example', false, false],
    ['//acme.example', false, false],
    ['acme.example', false, false],
  ])('%s (https only: %s) is a web link: %s', (value, httpsOnly, ok) => {
    expect(webUrl(value, httpsOnly) !== null).toBe(ok);
  });
});

describe('contact info', () => {
  const own: [SocialNetwork, string][] = [
    ['linkedin', 'https://www.linkedin.com/company/acme'],
    ['youtube', 'https://m.youtube.com/@acme'],
    ['youtube', 'https://youtu.be/abc'],
    ['tiktok', 'https://www.tiktok.com/@acme'],
    ['facebook', 'https://www.facebook.com/acme'],
    ['facebook', 'https://fb.com/acme'],
    ['x', 'https://x.com/acme'],
    ['x', 'https://twitter.com/acme'],
    ['pinterest', 'https://pinterest.com/acme'],
    ['pinterest', 'https://www.pinterest.co.uk/acme'],
    ['pinterest', 'https://br.pinterest.com.br/acme'],
    ['telegram', 'https://t.me/acme'],
    ['telegram', 'https://telegram.me/acme'],
    ['instagram', 'https://www.instagram.com/acme'],
  ];
  it.each(own)('%s takes %s', (network, url) => {
    expect(contactError(network, url)).toBeNull();
  });

  const foreign: [SocialNetwork, string][] = [
    ['linkedin', 'https://linkedin.com.evil.example/x'],
    ['linkedin', 'https://evillinkedin.com/x'],
    ['youtube', 'https://evil.example/youtube.com'],
    ['x', 'https://evil.example/?x.com'],
    ['facebook', 'javascript:alert(1)//facebook.com'],
    ['pinterest', 'https://pinterest.evil.example/acme'],
    ['telegram', 'data:text/html,t.me'],
    ['instagram', 'https://instagram.com@evil.example/'],
    ['tiktok', 'https://x.com/acme'],
  ];
  it.each(foreign)('%s refuses %s', (network, url) => {
    expect(contactError(network, url)).toBe('site_social_invalid');
  });

  it('refuses what is not a web link or an address', () => {
    expect(contactError('officialSite', 'javascript:alert(1)')).toBe('site_url_invalid');
    expect(contactError('officialSite', 'data:text/html,x')).toBe('site_url_invalid');
    expect(contactError('email', 'not an address')).toBe('email_invalid');
    expect(contactError('email', 'hello@acme.example')).toBeNull();
  });
});

describe('navigation links', () => {
  const error = (link: unknown) => {
    const result = navigationLink.safeParse(link);
    return result.success ? null : result.error.issues[0]?.message;
  };
  it('leads to a category, the official site or an https page', () => {
    const categoryId = '3f1b7c4e-2a5d-4e8f-9b6a-1c2d3e4f5a6b';
    expect(error({ label: 'Tours', target: { kind: 'category', categoryId } })).toBeNull();
    expect(error({ label: 'Home', target: { kind: 'official' } })).toBeNull();
    expect(error({ label: 'Blog', target: { kind: 'url', url: 'https://blog.acme.example' } })).toBeNull();
    expect(error({ label: 'Blog', target: { kind: 'url', url: 'http://blog.acme.example' } })).toBe(
      'navigation_url_invalid',
    );
    expect(error({ label: 'x', target: { kind: 'url', url: 'javascript:alert(1)' } })).toBe('navigation_url_invalid');
    expect(error({ label: '', target: { kind: 'official' } })).toBe('navigation_label_required');
    expect(error({ label: 'x'.repeat(41), target: { kind: 'official' } })).toBe('navigation_label_too_long');
    expect(error({ label: 'x', target: { kind: 'elsewhere' } })).not.toBeNull();
  });
});
