import type { Translation } from './translation.ts';

/** The watch page's and the embed's own words (the owner's texts come from the video's settings). */
const en = {
  play: 'Play video',
  poweredBy: 'Powered by',
  notFound: 'This video is not available.',
  unavailable: 'This video cannot be played right now.',
  whatsapp: 'WhatsApp',
  telephone: 'Call us',
  email: 'Email us',
  contact: 'Contact',
  widget: 'Contact us',
  share: 'Share',
  copy: 'Copy link',
  transcript: 'Transcript',
  source: 'Read the article',
  logo: 'Logo',
  formTitle: 'Get in touch',
  send: 'Send',
  skip: 'Skip',
  thanks: 'Thank you! We will be in touch soon.',
  trap: 'Leave this empty',
};

const zh: Translation<typeof en> = {
  play: '播放视频',
  poweredBy: '技术支持',
  notFound: '该视频无法观看。',
  unavailable: '该视频暂时无法播放。',
  whatsapp: 'WhatsApp',
  telephone: '致电我们',
  email: '发送邮件',
  contact: '联系',
  widget: '联系我们',
  share: '分享',
  copy: '复制链接',
  transcript: '文字稿',
  source: '阅读原文',
  logo: '标志',
  formTitle: '联系我们',
  send: '提交',
  skip: '跳过',
  thanks: '谢谢！我们会尽快与您联系。',
  trap: '请留空',
};

/** Keyed by the page's HTML language. */
export const WATCH_PAGE_TEXT = { en, 'zh-CN': zh };
