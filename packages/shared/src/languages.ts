// Kept apart from the zod contracts so the console's first screen can read it without loading zod.
export const LANGUAGES = ['en', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * A language's name in that language ("español", "中文"), with its first letter capitalised as the language
 * does: how a subtitle or audio track is labelled for viewers who may not read the owner's language. The tag
 * itself when the runtime does not know it.
 */
export function nativeLanguageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (!name) return tag;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return tag;
  }
}
