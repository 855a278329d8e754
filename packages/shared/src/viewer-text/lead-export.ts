import type { Language } from '../languages.ts';

/** The fixed columns of a lead export (CSV or Excel), before one column per form field. */
const en = ['Date', 'Video', 'Second', 'Page', 'Referrer', 'Language'] as const;

/** As many columns as English, each a string: a missing one fails the type check. */
type Columns<T extends readonly string[]> = { [I in keyof T]: string };
const zh: Columns<typeof en> = ['日期', '视频', '视频秒数', '页面', '来源', '语言'];

export const LEAD_EXPORT_COLUMNS: Record<Language, readonly string[]> = { en, zh_CN: zh };
