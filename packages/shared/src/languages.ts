// Kept apart from the zod contracts so the console's first screen can read it without loading zod.
export const LANGUAGES = ['en', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * A language's name as its speakers write it, capitalised by their own rules as a menu item starts
 * ("Español", "English", "中文"): how a subtitle track or an audio language is labelled for viewers who may
 * not read the owner's language (RFC 8216 also asks an audio rendition's NAME to be in its language). The tag
 * itself when the runtime does not know it (ICU names "und" "root").
 */
export function nativeLanguageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag);
    if (!name || tag.toLowerCase().split('-')[0] === 'und') return tag;
    const [first = '', ...rest] = name;
    return first.toLocaleUpperCase(tag) + rest.join('');
  } catch {
    return tag;
  }
}

/**
 * Chinese characters that carry grammar rather than subject (particles, pronouns, conjunctions, common
 * prepositions): what a summary of a Chinese text leaves out when it looks for the text's key terms.
 */
export const CHINESE_FUNCTION_CHARACTERS =
  '的了是在和与及或也就都而且但并被把这那个你我他她它们之其为以于上下中对从到着过很还又再等';
