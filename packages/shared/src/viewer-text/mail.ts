import type { CodeScene } from '../contracts/auth.ts';
import type { Language } from '../languages.ts';
import type { Translation } from './translation.ts';

/** Mails to account holders about their account: codes and the already-registered notice. */
const accountEn: {
  codeSubject: Record<CodeScene, string>;
  codeIntro: Record<CodeScene, string>;
  codeFooter: (minutes: number) => string;
  registeredSubject: string;
  registeredBody: string;
  signature: string;
} = {
  codeSubject: {
    signup: 'Your {brand} sign-up code',
    reset: 'Your {brand} password reset code',
    'change-email': 'Confirm your new {brand} email address',
    'notice-email': 'Confirm where {brand} sends your inquiries',
    'sign-in': 'Your {brand} sign-in code',
  },
  codeIntro: {
    signup: 'Welcome to {brand}. Enter this code to finish creating your account:',
    reset: 'Someone asked to reset the password of your {brand} account. Enter this code to choose a new one:',
    'change-email': 'Enter this code to confirm this address for your {brand} account:',
    'notice-email':
      'Someone asked {brand} to send new inquiries and lead notifications to this address. Enter this code to confirm it:',
    'sign-in':
      'Someone signed in to your {brand} account with its password from a browser it has not seen before. If it was you, enter this code there to finish signing in; if not, change your password:',
  },
  codeFooter: (minutes) =>
    `The code expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
  registeredSubject: 'You already have a {brand} account',
  registeredBody:
    'Someone tried to sign up to {brand} with this email address, which already has an account. Sign in at {url}/login, or reset your password there if you forgot it.',
  signature: 'The {brand} team',
};

const accountZh: Translation<typeof accountEn> = {
  codeSubject: {
    signup: '您的 {brand} 注册验证码',
    reset: '您的 {brand} 重置密码验证码',
    'change-email': '确认您的 {brand} 新邮箱地址',
    'notice-email': '确认接收 {brand} 询盘通知的邮箱',
    'sign-in': '您的 {brand} 登录验证码',
  },
  codeIntro: {
    signup: '欢迎使用 {brand}。请输入以下验证码完成注册：',
    reset: '有人申请重置您的 {brand} 账号密码。请输入以下验证码设置新密码：',
    'change-email': '请输入以下验证码，确认将此邮箱用于您的 {brand} 账号：',
    'notice-email': '有人申请将 {brand} 的新询盘和线索通知发送到此邮箱。请输入以下验证码确认：',
    'sign-in':
      '有人在一个未登录过的浏览器上用正确的密码登录您的 {brand} 账号。如果是您本人，请在该浏览器中输入以下验证码完成登录；如果不是，请修改密码：',
  },
  codeFooter: (minutes) => `验证码 ${minutes} 分钟内有效。如果这不是您本人的操作，请忽略此邮件。`,
  registeredSubject: '您已拥有 {brand} 账号',
  registeredBody:
    '有人尝试用此邮箱注册 {brand}，但该邮箱已有账号。请前往 {url}/login 登录；如果忘记密码，可在登录页重置。',
  signature: '{brand} 团队',
};

export const ACCOUNT_MAIL_TEXT: Record<Language, typeof accountEn> = { en: accountEn, zh_CN: accountZh };

/** Mails about leads: each new inquiry and the daily digest. */
const leadEn: {
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
  burstSubject: (count: number) => string;
  burstIntro: (count: number) => string;
} = {
  subject: 'New inquiry on “{video}”',
  intro: '{who} left an inquiry on “{video}” at {time}.',
  page: 'Page',
  see: 'See it in {brand}:',
  empty: '(empty)',
  anonymous: 'A viewer',
  masked: 'The answers are kept for you; lead details are part of the paid plans. Upgrade to read them:',
  digestSubject: (count) => `${count} new ${count === 1 ? 'inquiry' : 'inquiries'} in the last day`,
  digestIntro: (count) => `Your videos received ${count} new ${count === 1 ? 'inquiry' : 'inquiries'} in the last day:`,
  digestMore: (count) => `…and ${count} more.`,
  burstSubject: (count) => `${count} new ${count === 1 ? 'inquiry' : 'inquiries'}`,
  burstIntro: (count) =>
    `${count} more ${count === 1 ? 'inquiry' : 'inquiries'} came in within minutes of the last one we mailed you, all in this one mail:`,
};

const leadZh: Translation<typeof leadEn> = {
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
  burstSubject: (count) => `${count} 条新询盘`,
  burstIntro: (count) => `在上次通知您之后的几分钟内，又收到了 ${count} 条询盘，汇总在这封邮件中：`,
};

export const LEAD_MAIL_TEXT: Record<Language, typeof leadEn> = { en: leadEn, zh_CN: leadZh };
