import type { DomainFailReason } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { domainLostMail } from './domains.mail.ts';

const context = { brand: 'LeadReel', url: 'https://leadreel.test' } as const;
const DOMAIN = 'video.acme.test';
const reasons: DomainFailReason[] = [
  { code: 'cname_wrong', values: { name: DOMAIN, found: 'elsewhere.test', target: 'edge.leadreel.test' } },
  { code: 'txt_missing', values: { name: `_leadreel.${DOMAIN}`, value: 'leadreel-verify=tok' } },
];

describe("the lost domain's mail", () => {
  it("says what the check found in the account's language, a paragraph per record, names as DNS has them", () => {
    const en = domainLostMail({ ...context, language: 'en' }, DOMAIN, reasons);
    expect(en.subject).toBe(`${DOMAIN} no longer shows your LeadReel videos`);
    expect(en.text).toContain(
      [
        'What the check found:',
        `The CNAME record of ${DOMAIN} points to elsewhere.test, not to edge.leadreel.test.`,
        `There is no TXT record at _leadreel.${DOMAIN}: add one with the value leadreel-verify=tok.`,
        'Put the records back',
      ].join('\n\n'),
    );
    expect(en.text).toContain('https://leadreel.test/account/custom-domain');

    const zh = domainLostMail({ ...context, language: 'zh_CN' }, DOMAIN, reasons);
    expect(zh.subject).toBe(`${DOMAIN} 已不再展示您的 LeadReel 视频`);
    expect(zh.text).toContain(
      [
        '检查结果：',
        `${DOMAIN} 的 CNAME 记录指向 elsewhere.test，而不是 edge.leadreel.test。`,
        `_leadreel.${DOMAIN} 没有 TXT 记录：请添加一条值为 leadreel-verify=tok 的记录。`,
        '请恢复这些记录',
      ].join('\n\n'),
    );
    expect(zh.text).not.toMatch(/[{}]/);
  });

  it('words a DNS server that did not answer, and writes words stored before codes as they are', () => {
    const mail = domainLostMail({ ...context, language: 'zh_CN' }, DOMAIN, [
      { code: 'dns_unanswered', values: { name: DOMAIN, problem: 'servfail' } },
      { code: 'other', values: { text: 'The CNAME record of x points to <y>.' } },
    ]);
    expect(mail.text).toContain(`DNS 服务器在查询 ${DOMAIN} 时返回了服务器故障（SERVFAIL）。`);
    expect(mail.text).toContain('The CNAME record of x points to <y>.');
    expect(mail.html).toContain('The CNAME record of x points to &lt;y&gt;.');
    expect(mail.html).not.toContain('<y>');
  });
});
