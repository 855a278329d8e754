import type { Language } from '../languages.ts';
import type { Translation } from './translation.ts';

/** The export page: the account's originals and leads, before they are deleted. */
const en = {
  title: 'Your videos and leads',
  intro: 'Download the original of each video you uploaded, and your leads as a spreadsheet.',
  until: 'This link works until {date} (UTC). After that day your videos are deleted for good.',
  videos: 'Videos',
  none: 'No videos to download.',
  leads: 'Leads (CSV)',
  gone: 'This download link has expired or does not exist.',
};

const zh: Translation<typeof en> = {
  title: '您的视频和线索',
  intro: '下载您上传的每个视频的原始文件，以及线索表格。',
  until: '此链接有效期至 {date}（UTC）。此后您的视频将被永久删除。',
  videos: '视频',
  none: '没有可下载的视频。',
  leads: '线索（CSV）',
  gone: '该下载链接已过期或不存在。',
};

export const EXPORT_TEXT: Record<Language, typeof en> = { en, zh_CN: zh };
