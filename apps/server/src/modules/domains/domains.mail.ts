import type { Language } from '@leadreel/shared';
import type { Translation } from '@leadreel/shared/viewer-text/translation';
import { mailHtml } from '../mail/mail.templates.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The mail to an account whose verified domain stopped serving because its records no longer lead here
 * (docs/product.md "Custom domains"). `{brand}`, `{domain}`, `{reason}` (the check's words, in English: DNS
 * record names and values read the same in every language) and `{url}` are filled in.
 */
const en = {
  subject: '{domain} no longer shows your {brand} videos',
  body: "Today's check of {domain} found that its DNS records no longer point to {brand}, so its pages stopped being served: visitors of {domain} no longer see your videos.",
  reason: 'What the check found: {reason}',
  fix: 'Put the records back (they are listed under Custom domain in your account), then choose Retry there: {url}/account/custom-domain',
  signature: 'The {brand} team',
};

const zh: Translation<typeof en> = {
  subject: '{domain} 已不再展示您的 {brand} 视频',
  body: '今天对 {domain} 的检查发现其 DNS 记录已不再指向 {brand}，因此该域名下的页面已停止提供：访问 {domain} 的访客将无法再看到您的视频。',
  reason: '检查结果：{reason}',
  fix: '请恢复这些记录（可在账户的“自定义域名”中查看），然后在该页面点击“重试”：{url}/account/custom-domain',
  signature: '{brand} 团队',
};

const TEXT: Record<Language, typeof en> = { en, zh_CN: zh };

export function domainLostMail(
  context: { brand: string; url: string; language: Language },
  domain: string,
  reason: string,
): Omit<MailMessage, 'to'> {
  const t = TEXT[context.language] ?? en;
  const fill = (text: string) =>
    text
      .replaceAll('{brand}', context.brand)
      .replaceAll('{domain}', domain)
      .replaceAll('{url}', context.url)
      .replaceAll('{reason}', reason);
  const paragraphs = [t.body, t.reason, t.fix, t.signature].map(fill);
  return { subject: fill(t.subject), text: `${paragraphs.join('\n\n')}\n`, html: mailHtml(paragraphs) };
}
