import type { DomainFailReason, Language } from '@leadreel/shared';
import { DOMAIN_LOST_MAIL_TEXT } from '@leadreel/shared/viewer-text/custom-domain';
import { mailHtml } from '../mail/mail.templates.ts';
import type { MailMessage } from '../mail/mailer.ts';

type Text = (typeof DOMAIN_LOST_MAIL_TEXT)[Language];

/** `text` with each `{name}` replaced by its value; a name it has no value for stays as written. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );

/** One reason of a check in the mail's language: DNS names, values and addresses as they are. */
function reasonText(t: Text, reason: DomainFailReason): string {
  switch (reason.code) {
    case 'other':
      return reason.values.text;
    case 'dns_unanswered':
      return fill(t.reasons.dns_unanswered, { ...reason.values, problem: t.problems[reason.values.problem] });
    default:
      return fill(t.reasons[reason.code], reason.values);
  }
}

/**
 * The mail to an account whose verified domain stopped serving (docs/product.md "Custom domains"), in the
 * account's language, with what the check found, a paragraph per record at fault.
 */
export function domainLostMail(
  context: { brand: string; url: string; language: Language },
  domain: string,
  reasons: readonly DomainFailReason[],
): Omit<MailMessage, 'to'> {
  const t = DOMAIN_LOST_MAIL_TEXT[context.language] ?? DOMAIN_LOST_MAIL_TEXT.en;
  const around = { brand: context.brand, domain, url: context.url };
  const paragraphs = [
    fill(t.body, around),
    ...(reasons.length > 0 ? [t.found, ...reasons.map((reason) => reasonText(t, reason))] : []),
    fill(t.fix, around),
    fill(t.signature, around),
  ];
  return { subject: fill(t.subject, around), text: `${paragraphs.join('\n\n')}\n`, html: mailHtml(paragraphs) };
}
