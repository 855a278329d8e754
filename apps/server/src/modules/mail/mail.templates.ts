import type { CodeScene, Language } from '@leadreel/shared';
import { escapeHtml } from '@leadreel/shared/text';
import { BILLING_TEXT } from '@leadreel/shared/viewer-text/billing';
import { ACCOUNT_MAIL_TEXT, LEAD_MAIL_TEXT } from '@leadreel/shared/viewer-text/mail';
import type { MailMessage } from './mailer.ts';

type Context = { brand: string; url: string; language: Language };

function fill(text: string, context: Context): string {
  return text.replaceAll('{brand}', context.brand).replaceAll('{url}', context.url);
}

/** A mail's HTML part: its paragraphs, escaped, and a highlighted line (a code) after the first. */
export function mailHtml(paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`);
  if (highlight) {
    body.splice(
      1,
      0,
      `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(highlight)}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328;max-width:560px">${body.join('')}</body></html>`;
}

export function verificationCodeMail(context: Context, scene: CodeScene, code: string, ttlMinutes: number) {
  const t = ACCOUNT_MAIL_TEXT[context.language];
  const intro = fill(t.codeIntro[scene], context);
  const footer = t.codeFooter(ttlMinutes);
  const signature = fill(t.signature, context);
  return {
    subject: fill(t.codeSubject[scene], context),
    text: `${intro}\n\n${code}\n\n${footer}\n\n${signature}\n`,
    html: mailHtml([intro, footer, signature], code),
  } satisfies Omit<MailMessage, 'to'>;
}

export function alreadyRegisteredMail(context: Context) {
  const t = ACCOUNT_MAIL_TEXT[context.language];
  const body = fill(t.registeredBody, context);
  const signature = fill(t.signature, context);
  return {
    subject: fill(t.registeredSubject, context),
    text: `${body}\n\n${signature}\n`,
    html: mailHtml([body, signature]),
  } satisfies Omit<MailMessage, 'to'>;
}

const MASK = '•••';

/** m:ss (or h:mm:ss) of a second in the video. */
function clock(second: number): string {
  const whole = Math.floor(second);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** One line of a header: no line break can reach it, and it stays short. */
const headerText = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').slice(0, 150);

/**
 * A new lead, for the account's notice email: every answer as plain text under its label (the HTML part
 * escapes them; nothing a viewer typed becomes a link or markup), and a link to the lead in the console.
 */
export function leadMail(
  context: Context,
  lead: {
    id: string;
    videoName: string;
    second: number;
    pageUrl: string;
    fields: { id: string; kind: string; label: string }[];
    answers: Record<string, string>;
  },
  /** On the Free plan the server masks a lead's contents; the mail says one came and where to read it. */
  masked = false,
) {
  const t = LEAD_MAIL_TEXT[context.language];
  const video = headerText(lead.videoName.replace(/\.[a-z0-9]{2,5}$/i, ''));
  const who = masked ? t.anonymous : headerText(lead.answers.name || lead.answers.email || t.anonymous);
  const intro = t.intro.replace('{who}', who).replace('{video}', video).replace('{time}', clock(lead.second));
  const answer = (id: string) => (masked ? (lead.answers[id] ? MASK : t.empty) : lead.answers[id] || t.empty);
  const lines = lead.fields.map((field) => `${field.label}: ${answer(field.id)}`);
  if (lead.pageUrl && !masked) lines.push(`${t.page}: ${lead.pageUrl}`);
  const link = masked ? `${context.url}/buy-vip` : `${context.url}/form-submit-data?lead=${lead.id}`;
  const see = masked ? t.masked : fill(t.see, context);
  const signature = fill(ACCOUNT_MAIL_TEXT[context.language].signature, context);
  return {
    subject: headerText(t.subject.replace('{video}', video)),
    text: `${intro}\n\n${lines.join('\n')}\n\n${see} ${link}\n\n${signature}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328;max-width:560px"><p style="margin:0 0 16px">${escapeHtml(intro)}</p><table style="border-collapse:collapse;margin:0 0 16px">${lead.fields
      .map(
        (field) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#57606a;vertical-align:top">${escapeHtml(field.label)}</td><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(answer(field.id))}</td></tr>`,
      )
      .join(
        '',
      )}</table><p style="margin:0 0 16px">${escapeHtml(see)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p style="margin:0 0 16px">${escapeHtml(signature)}</p></body></html>`,
  } satisfies Omit<MailMessage, 'to'>;
}

/** The most leads a digest lists; the rest are counted and a click away. */
export const DIGEST_LIST_LIMIT = 20;

/**
 * The daily digest (the console contract email-notification): how many leads came in the last day and, for each of the
 * first few, when, on which video and from whom — plain text as in the lead mail, masked on the Free plan. As a
 * `burst`, the same list for the leads that came within minutes of a lead mail.
 */
export function leadDigestMail(
  context: Context,
  digest: { count: number; leads: { videoName: string; at: Date; who: string }[] },
  masked = false,
  period: 'day' | 'burst' = 'day',
) {
  const t = LEAD_MAIL_TEXT[context.language];
  const time = new Intl.DateTimeFormat(context.language === 'zh_CN' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const lines = digest.leads.map((lead) => {
    const video = headerText(lead.videoName);
    const who = masked ? t.anonymous : headerText(lead.who || t.anonymous);
    return `${time.format(lead.at)} UTC · ${video} · ${who}`;
  });
  if (digest.count > digest.leads.length) lines.push(t.digestMore(digest.count - digest.leads.length));
  const intro = period === 'day' ? t.digestIntro(digest.count) : t.burstIntro(digest.count);
  const link = masked ? `${context.url}/buy-vip` : `${context.url}/form-submit-data`;
  const see = masked ? t.masked : fill(t.see, context);
  const signature = fill(ACCOUNT_MAIL_TEXT[context.language].signature, context);
  return {
    subject: period === 'day' ? t.digestSubject(digest.count) : t.burstSubject(digest.count),
    text: `${intro}\n\n${lines.join('\n')}\n\n${see} ${link}\n\n${signature}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328;max-width:560px"><p style="margin:0 0 16px">${escapeHtml(intro)}</p><ul style="margin:0 0 16px;padding-left:20px">${lines
      .map((line) => `<li style="margin:0 0 4px">${escapeHtml(line)}</li>`)
      .join(
        '',
      )}</ul><p style="margin:0 0 16px">${escapeHtml(see)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p style="margin:0 0 16px">${escapeHtml(signature)}</p></body></html>`,
  } satisfies Omit<MailMessage, 'to'>;
}

/**
 * A paid order's receipt in the account's language: the invoice number, what, how much, how, when. With
 * `refunded`, the notice that it was refunded.
 */
export function receiptMail(
  context: Context,
  receipt: {
    invoice: string;
    description: string;
    amount: string;
    method: string;
    date: string;
    /** A plan's period, "2026/11/25 – 2027/11/25"; absent for credits. */
    period: string | null;
  },
  refunded = false,
) {
  const texts = BILLING_TEXT[context.language];
  const t = refunded ? { ...texts.receipt, ...texts.refund } : texts.receipt;
  const rows: Array<[string, string]> = [
    [t.lines.invoice, receipt.invoice],
    [t.lines.item, receipt.description],
    [t.lines.amount, receipt.amount],
    [t.lines.method, receipt.method],
    [t.lines.date, receipt.date],
  ];
  if (receipt.period) rows.push([t.lines.period, receipt.period]);
  const intro = t.intro(context.brand);
  const outro = t.outro(context.url);
  const signature = t.signature(context.brand);
  return {
    subject: headerText(t.subject(context.brand, receipt.invoice)),
    text: `${intro}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${outro}\n\n${signature}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328;max-width:560px"><p style="margin:0 0 16px">${escapeHtml(intro)}</p><table style="border-collapse:collapse;margin:0 0 16px">${rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#57606a">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join(
        '',
      )}</table><p style="margin:0 0 16px">${escapeHtml(outro)}</p><p style="margin:0 0 16px">${escapeHtml(signature)}</p></body></html>`,
  } satisfies Omit<MailMessage, 'to'>;
}
