import type { Language } from '../languages.ts';
import type { Translation } from './translation.ts';

/** The notices of a plan's end: reminders before it, and one per period after it. */
export type PlanNotice = 'reminder' | 'buffer' | 'frozen' | 'clear' | 'real-clear';

type Mail = { subject: string; body: string };

/**
 * The mails of a plan's lifecycle in the account's language. `{brand}`, `{plan}`, `{date}` (the next date
 * that matters: the plan's end, or when the current period ends), `{days}` ("7 days") and `{url}` are filled in.
 */
const en: Record<PlanNotice, Mail> & {
  renew: string;
  signature: string;
  days: (n: number) => string;
  exportLink: string;
} = {
  reminder: {
    subject: 'Your {brand} {plan} plan ends in {days}',
    body: 'Your {plan} plan ends on {date} and does not renew by itself. Renew it before then to keep uploading, and to keep your videos playing and your leads coming.',
  },
  buffer: {
    subject: 'Your {brand} plan has expired',
    body: 'Your plan expired. Your videos still play, but you cannot upload or create new content. Renew before {date}, when your videos stop playing and your settings are frozen.',
  },
  frozen: {
    subject: 'Your {brand} videos have stopped playing',
    body: 'Your plan expired and your videos and credits can no longer be used. On {date} all videos will be cleared. Renew before then to get everything back at once.',
  },
  clear: {
    subject: 'Your {brand} videos were cleared',
    body: 'Your videos were cleared because the plan was not renewed. We keep the originals until {date}: renew before then and they are rebuilt for you, free.',
  },
  'real-clear': {
    subject: 'Your {brand} videos were deleted',
    body: 'Your videos were deleted for good because the plan was not renewed. Renew your plan to create content again.',
  },
  renew: 'Renew now: {url}/buy-vip',
  exportLink:
    'Download the originals of your videos and your leads before then: {link} (the link works until {until}).',
  signature: 'The {brand} team',
  days: (n) => (n === 1 ? '1 day' : `${n} days`),
};

const zh: Translation<typeof en> = {
  reminder: {
    subject: '您的 {brand} {plan} 套餐将在 {days}后到期',
    body: '您的 {plan} 套餐将于 {date} 到期，且不会自动续费。请在此之前续费，以便继续上传，并让您的视频持续播放、线索持续进来。',
  },
  buffer: {
    subject: '您的 {brand} 套餐已过期',
    body: '您的套餐已过期。视频仍可播放，但无法再上传或创建新内容。请在 {date} 前续费，届时视频将停止播放，设置将被冻结。',
  },
  frozen: {
    subject: '您的 {brand} 视频已停止播放',
    body: '您的套餐已过期，视频和积分已无法使用。所有视频将在 {date} 被清除。在此之前续费即可立即恢复全部内容。',
  },
  clear: {
    subject: '您的 {brand} 视频已被清除',
    body: '由于未续费，您的视频已被清除。原始文件将保留至 {date}：在此之前续费，我们会免费为您重新生成视频。',
  },
  'real-clear': {
    subject: '您的 {brand} 视频已被删除',
    body: '由于未续费，您的视频已被永久删除。续费后可重新创作内容。',
  },
  renew: '立即续费：{url}/buy-vip',
  exportLink: '请在此之前下载视频原始文件和线索：{link}（链接有效期至 {until}）。',
  signature: '{brand} 团队',
  days: (n) => `${n} 天`,
};

export const LIFECYCLE_TEXT: Record<Language, typeof en> = { en, zh_CN: zh };
