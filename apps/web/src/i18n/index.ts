import { LANGUAGES, type Language } from '@leadreel/shared/languages';
import type { MESSAGES } from '@leadreel/shared/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './en.json';

/** The Chinese file must have every key of the English one: a missing key fails the type check. */
type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };
/** Every message key the server can answer with has a translation (checked on both files by this type). */
export type Translations = Dictionary<typeof en> & { errors: Record<keyof typeof MESSAGES, string> };
export type ErrorKey = keyof typeof en.errors;

/**
 * Each language's strings are a chunk of their own, fetched when that language is first used: the sign-in
 * screen carries one language, not both. The types above check both files at compile time all the same.
 */
const LOADERS: Record<Language, () => Promise<Translations>> = {
  en: () => import('./en.json').then((m) => m.default),
  zh_CN: () => import('./zh_CN.json').then((m) => m.default),
};
const loaded = new Map<Language, Translations>();
let wanted: Language | null = null;

const STORAGE_KEY = 'leadreel.language';

/** The first of the browser's languages the console speaks; any Chinese reads Simplified Chinese. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh_CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** The language chosen in this browser, else the browser's own until the user chooses. */
export function savedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as Language) : browserLanguage();
}

/** Whether a language was ever picked in this browser (a new device has none). */
export function hasChosenLanguage(): boolean {
  return (LANGUAGES as readonly string[]).includes(localStorage.getItem(STORAGE_KEY) ?? '');
}

export function rememberLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
}

/** Hands over strings already at hand (the tests load both files eagerly), so no fetch is needed for them. */
export function provideTranslations(language: Language, translations: Translations) {
  loaded.set(language, translations);
}

// With the strings in memory, i18next initialises and changes language synchronously (no backend to wait for).
// Every language at hand goes in, so a direct i18n.changeLanguage (as tests do) finds its strings too.
function apply(language: Language) {
  const resources = Object.fromEntries([...loaded].map(([code, translation]) => [code, { translation }]));
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
      partialBundledLanguages: true,
    });
  } else {
    for (const [code, { translation }] of Object.entries(resources)) {
      if (!i18n.hasResourceBundle(code, 'translation')) i18n.addResourceBundle(code, 'translation', translation);
    }
    void i18n.changeLanguage(language);
  }
  document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
}

/**
 * Puts the console in `language`, fetching its strings first when they are not loaded yet. Synchronous when
 * they are (the returned promise is then already settled), so a test can render right after calling it.
 */
export function initI18n(language: Language = savedLanguage()): Promise<typeof i18n> {
  wanted = language;
  if (loaded.has(language)) {
    apply(language);
    return Promise.resolve(i18n);
  }
  return LOADERS[language]().then((fetched) => {
    loaded.set(language, fetched);
    // Two quick switches: the last choice wins, whichever file arrives first.
    if (wanted === language) apply(language);
    return i18n;
  });
}

export { i18n };
