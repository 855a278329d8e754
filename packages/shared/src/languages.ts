// Kept apart from the zod contracts so the console's first screen can read it without loading zod.
export const LANGUAGES = ['en', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
