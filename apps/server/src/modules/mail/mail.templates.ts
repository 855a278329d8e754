import type { CodeScene, Language } from '@leadreel/shared';
import type { MailMessage } from './mailer.ts';

type Texts = {
  codeSubject: Record<CodeScene, string>;
  codeIntro: Record<CodeScene, string>;
  codeFooter: (minutes: number) => string;
  registeredSubject: string;
  registeredBody: string;
  signature: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    codeSubject: {
      signup: 'Your {brand} sign-up code',
      reset: 'Your {brand} password reset code',
      'change-email': 'Confirm your new {brand} email address',
      'notice-email': 'Confirm where {brand} sends your inquiries',
    },
    codeIntro: {
      signup: 'Welcome to {brand}. Enter this code to finish creating your account:',
      reset: 'Someone asked to reset the password of your {brand} account. Enter this code to choose a new one:',
      'change-email': 'Enter this code to confirm this address for your {brand} account:',
      'notice-email':
        'Someone asked {brand} to send new inquiries and lead notifications to this address. Enter this code to confirm it:',
    },
    codeFooter: (minutes) =>
      `The code expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
    registeredSubject: 'You already have a {brand} account',
    registeredBody:
      'Someone tried to sign up to {brand} with this email address, which already has an account. Sign in at {url}/login, or reset your password there if you forgot it.',
    signature: 'The {brand} team',
  },
  zh_CN: {
    codeSubject: {
      signup: '您的 {brand} 注册验证码',
      reset: '您的 {brand} 重置密码验证码',
      'change-email': '确认您的 {brand} 新邮箱地址',
      'notice-email': '确认接收 {brand} 询盘通知的邮箱',
    },
    codeIntro: {
      signup: '欢迎使用 {brand}。请输入以下验证码完成注册：',
      reset: '有人申请重置您的 {brand} 账号密码。请输入以下验证码设置新密码：',
      'change-email': '请输入以下验证码，确认将此邮箱用于您的 {brand} 账号：',
      'notice-email': '有人申请将 {brand} 的新询盘和线索通知发送到此邮箱。请输入以下验证码确认：',
    },
    codeFooter: (minutes) => `验证码 ${minutes} 分钟内有效。如果这不是您本人的操作，请忽略此邮件。`,
    registeredSubject: '您已拥有 {brand} 账号',
    registeredBody:
      '有人尝试用此邮箱注册 {brand}，但该邮箱已有账号。请前往 {url}/login 登录；如果忘记密码，可在登录页重置。',
    signature: '{brand} 团队',
  },
};

type Context = { brand: string; url: string; language: Language };

function fill(text: string, context: Context): string {
  return text.replaceAll('{brand}', context.brand).replaceAll('{url}', context.url);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(paragraphs: string[], highlight?: string): string {
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
  const t = TEXTS[context.language];
  const intro = fill(t.codeIntro[scene], context);
  const footer = t.codeFooter(ttlMinutes);
  const signature = fill(t.signature, context);
  return {
    subject: fill(t.codeSubject[scene], context),
    text: `${intro}\n\n${code}\n\n${footer}\n\n${signature}\n`,
    html: layout([intro, footer, signature], code),
  } satisfies Omit<MailMessage, 'to'>;
}

export function alreadyRegisteredMail(context: Context) {
  const t = TEXTS[context.language];
  const body = fill(t.registeredBody, context);
  const signature = fill(t.signature, context);
  return {
    subject: fill(t.registeredSubject, context),
    text: `${body}\n\n${signature}\n`,
    html: layout([body, signature]),
  } satisfies Omit<MailMessage, 'to'>;
}

const LEAD_TEXTS: Record<
  Language,
  {
    subject: string;
    intro: string;
    page: string;
    see: string;
    empty: string;
    anonymous: string;
    masked: string;
    digestSubject: (count: number) => string;
    digestIntro: (count: number) => string;
    digestMore: (count: number) => string;
  }
> = {
  en: {
    subject: 'New inquiry on “{video}”',
    intro: '{who} left an inquiry on “{video}” at {time}.',
    page: 'Page',
    see: 'See it in {brand}:',
    empty: '(empty)',
    anonymous: 'A viewer',
    masked: 'The answers are kept for you; lead details are part of the paid plans. Upgrade to read them:',
    digestSubject: (count) => `${count} new ${count === 1 ? 'inquiry' : 'inquiries'} in the last day`,
    digestIntro: (count) =>
      `Your videos received ${count} new ${count === 1 ? 'inquiry' : 'inquiries'} in the last day:`,
    digestMore: (count) => `…and ${count} more.`,
  },
  zh_CN: {
    subject: '“{video}”收到新询盘',
    intro: '{who} 在观看“{video}”的 {time} 处留下了询盘。',
    page: '页面',
    see: '在 {brand} 中查看：',
    empty: '（未填写）',
    anonymous: '一位观众',
    masked: '询盘内容已为您保存；查看线索详情需要付费套餐。升级后即可查看：',
    digestSubject: (count) => `过去一天收到 ${count} 条新询盘`,
    digestIntro: (count) => `过去一天，您的视频收到了 ${count} 条新询盘：`,
    digestMore: (count) => `……还有 ${count} 条。`,
  },
};

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
  /** On the Free plan the server masks a lead's contents (spec §6); the mail says one came and where to read it. */
  masked = false,
) {
  const t = LEAD_TEXTS[context.language];
  const video = headerText(lead.videoName.replace(/\.[a-z0-9]{2,5}$/i, ''));
  const who = masked ? t.anonymous : headerText(lead.answers.name || lead.answers.email || t.anonymous);
  const intro = t.intro.replace('{who}', who).replace('{video}', video).replace('{time}', clock(lead.second));
  const answer = (id: string) => (masked ? (lead.answers[id] ? MASK : t.empty) : lead.answers[id] || t.empty);
  const lines = lead.fields.map((field) => `${field.label}: ${answer(field.id)}`);
  if (lead.pageUrl && !masked) lines.push(`${t.page}: ${lead.pageUrl}`);
  const link = masked ? `${context.url}/buy-vip` : `${context.url}/form-submit-data?lead=${lead.id}`;
  const see = masked ? t.masked : fill(t.see, context);
  const signature = fill(TEXTS[context.language].signature, context);
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
 * The daily digest (spec §2 email-notification): how many leads came in the last day and, for each of the
 * first few, when, on which video and from whom — plain text as in the lead mail, masked on the Free plan.
 */
export function leadDigestMail(
  context: Context,
  digest: { count: number; leads: { videoName: string; at: Date; who: string }[] },
  masked = false,
) {
  const t = LEAD_TEXTS[context.language];
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
  const intro = t.digestIntro(digest.count);
  const link = masked ? `${context.url}/buy-vip` : `${context.url}/form-submit-data`;
  const see = masked ? t.masked : fill(t.see, context);
  const signature = fill(TEXTS[context.language].signature, context);
  return {
    subject: t.digestSubject(digest.count),
    text: `${intro}\n\n${lines.join('\n')}\n\n${see} ${link}\n\n${signature}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328;max-width:560px"><p style="margin:0 0 16px">${escapeHtml(intro)}</p><ul style="margin:0 0 16px;padding-left:20px">${lines
      .map((line) => `<li style="margin:0 0 4px">${escapeHtml(line)}</li>`)
      .join(
        '',
      )}</ul><p style="margin:0 0 16px">${escapeHtml(see)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p style="margin:0 0 16px">${escapeHtml(signature)}</p></body></html>`,
  } satisfies Omit<MailMessage, 'to'>;
}
