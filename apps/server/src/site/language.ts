/** The two languages public pages are written in. */
export type PageLanguage = 'en' | 'zh-CN';

/** The viewer's language from Accept-Language: Chinese when it comes first among the two we speak. */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]?.toLowerCase() ?? '')
    .filter(Boolean);
  const first = tags.find((tag) => tag.startsWith('zh') || tag.startsWith('en'));
  return first?.startsWith('zh') ? 'zh-CN' : 'en';
}
