import type { Language } from '../languages.ts';
import type { Translation } from './translation.ts';

type Mail = { subject: string; body: string };

/**
 * The mails of an account's deletion, in the account's language: one at the request (when
 * the data goes and how to stop it), one when it is gone. `{brand}`, `{date}`, `{url}` are filled in.
 */
const en: { requested: Mail; cancel: string; done: Mail; signature: string } = {
  requested: {
    subject: 'Your {brand} account will be deleted on {date}',
    body: 'We received your request to delete your {brand} account. It is locked now: your videos, pages and embeds are offline, your sessions and API keys are revoked and your subscription will not renew. On {date} your videos, leads, analytics and every other piece of your data will be deleted for good.',
  },
  cancel: 'Changed your mind? Sign in before {date} and choose Cancel deletion: {url}/login',
  done: {
    subject: 'Your {brand} account has been deleted',
    body: 'Your {brand} account and all of its data (videos, leads, analytics, settings and payment records) have been deleted, as you asked. Thank you for having used {brand}.',
  },
  signature: 'The {brand} team',
};

const zh: Translation<typeof en> = {
  requested: {
    subject: '您的 {brand} 账户将于 {date} 删除',
    body: '我们已收到您删除 {brand} 账户的请求。账户现已锁定：您的视频、页面和嵌入均已下线，所有登录会话和 API 密钥已撤销，订阅不会再续费。{date} 起，您的视频、线索、分析数据及其他所有数据将被永久删除。',
  },
  cancel: '改变主意了？请在 {date} 前登录并选择“取消删除”：{url}/login',
  done: {
    subject: '您的 {brand} 账户已删除',
    body: '按照您的要求，您的 {brand} 账户及其全部数据（视频、线索、分析数据、设置和付款记录）均已删除。感谢您使用 {brand}。',
  },
  signature: '{brand} 团队',
};

export const DELETION_TEXT: Record<Language, typeof en> = { en, zh_CN: zh };
