import { describe, expect, it } from 'vitest';
import { alreadyRegisteredMail, verificationCodeMail } from './mail.templates.ts';

describe('mail templates', () => {
  const en = { brand: 'LeadReel', url: 'https://lr.example', language: 'en' as const };
  const zh = { ...en, language: 'zh_CN' as const };

  it.each(['signup', 'reset', 'change-email'] as const)('puts the %s code alone on a line in both parts', (scene) => {
    for (const context of [en, zh]) {
      const mail = verificationCodeMail(context, scene, '042917', 10);
      expect(mail.text).toMatch(/^042917$/m);
      expect(mail.html).toContain('042917');
    }
  });

  it('is written in the account language', () => {
    expect(verificationCodeMail(en, 'signup', '1', 10).subject).toBe('Your LeadReel sign-up code');
    expect(verificationCodeMail(zh, 'signup', '1', 10).subject).toBe('您的 LeadReel 注册验证码');
    expect(alreadyRegisteredMail(zh).text).toContain('https://lr.example/login');
  });

  it('escapes the brand in HTML', () => {
    const mail = alreadyRegisteredMail({ ...en, brand: '<b>Acme & Co</b>' });
    expect(mail.html).not.toContain('<b>Acme');
    expect(mail.html).toContain('&lt;b&gt;Acme &amp; Co');
  });
});
