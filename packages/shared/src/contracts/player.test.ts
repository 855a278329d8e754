import { describe, expect, it } from 'vitest';
import {
  contactClickBody,
  emailButtonSetting,
  seoPageFields,
  slugField,
  sourceUrlField,
  telephoneSetting,
  whatsappSetting,
} from './player.ts';

const button = { enabled: true, label: '', position: 'bottom-right', showFrom: 0, showUntil: null };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('video setting contracts', () => {
  it('keeps slugs to lower-case words and single hyphens', () => {
    expect(slugField.parse('  Spring-Launch-2026 ')).toBe('spring-launch-2026');
    expect(slugField.parse('')).toBe('');
    for (const bad of ['ab', 'a--b', '-ab', 'ab-', 'a b c', 'ünïcode', '../x', 'x'.repeat(81)]) {
      expect(firstMessage(slugField.safeParse(bad)), bad).toBe('slug_invalid');
    }
  });

  it('bounds the SEO texts', () => {
    const seo = { title: '', description: '', keywords: [], slug: '', indexable: true };
    expect(firstMessage(seoPageFields.safeParse({ ...seo, title: 't'.repeat(101) }))).toBe('seo_title_too_long');
    expect(firstMessage(seoPageFields.safeParse({ ...seo, keywords: Array(21).fill('k') }))).toBe(
      'seo_keywords_too_many',
    );
  });

  it('takes a source article as an http or https address of a dotted host, or none', () => {
    expect(sourceUrlField.parse('  https://blog.example.test/post?a="<b>"  ')).toBe(
      'https://blog.example.test/post?a="<b>"',
    );
    expect(sourceUrlField.parse('')).toBe('');
    expect(
      seoPageFields.parse({ title: '', description: '', keywords: [], slug: '', indexable: true }),
    ).not.toHaveProperty('sourceUrl');
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'ftp://blog.example.test/',
      'mailto:a@example.test',
      'https://localhost/post',
      'blog.example.test/post',
      `https://blog.example.test/${'p'.repeat(1975)}`,
      42,
      null,
    ]) {
      expect(firstMessage(sourceUrlField.safeParse(bad)), String(bad).slice(0, 40)).toBe('seo_source_invalid');
    }
    expect(firstMessage(sourceUrlField.safeParse('https://blog.example.test/\u0000'))).toBe('illegal_input');
  });

  it('takes numbers in international form only, as people write them', () => {
    expect(whatsappSetting.parse({ ...button, number: '+86 (138) 0013-8000', message: '' }).number).toBe(
      '+8613800138000',
    );
    for (const bad of ['13800138000', '+0 800', '+1234', '+1234567890123456', 'tel:+441234567']) {
      expect(firstMessage(telephoneSetting.safeParse({ ...button, number: bad })), bad).toBe('phone_invalid');
    }
  });

  it('lets a button that is off stay unfilled, and wants times that run forwards', () => {
    expect(telephoneSetting.safeParse({ ...button, enabled: false, number: '' }).success).toBe(true);
    expect(firstMessage(emailButtonSetting.safeParse({ ...button, address: '', subject: '' }))).toBe('email_invalid');
    expect(
      firstMessage(telephoneSetting.safeParse({ ...button, number: '+441234567', showFrom: 30, showUntil: 30 })),
    ).toBe('contact_times');
  });

  it('accepts the clicks the player sends and nothing else', () => {
    const click = {
      videoId: '11111111-1111-4111-8111-111111111111',
      kind: 'email',
      second: 3.5,
      page: '',
      referrer: '',
    };
    expect(contactClickBody.safeParse(click).success).toBe(true);
    expect(contactClickBody.safeParse({ ...click, kind: 'download' }).success).toBe(false);
    expect(contactClickBody.safeParse({ ...click, second: 36_001 }).success).toBe(false);
  });

  it('keeps a well-formed viewer id and drops anything else, still taking the click', () => {
    const click = {
      videoId: '11111111-1111-4111-8111-111111111111',
      kind: 'action',
      second: 0,
      page: '',
      referrer: '',
    };
    const viewerId = (value: unknown) => contactClickBody.parse({ ...click, viewerId: value }).viewerId;
    expect(viewerId('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    expect(viewerId('A_b-'.repeat(16))).toBe('A_b-'.repeat(16));
    for (const bad of ['short', 'x'.repeat(65), 'has space in it 123', '<script>alert(1)</script>', 42, null]) {
      expect(viewerId(bad), String(bad)).toBeUndefined();
    }
    expect(contactClickBody.parse(click).viewerId).toBeUndefined();
  });
});
