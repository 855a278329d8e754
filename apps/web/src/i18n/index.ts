import type { MESSAGES } from '@leadreel/shared';
import { LANGUAGES, type Language } from '@leadreel/shared/languages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import zhJson from './zh_CN.json';

/** The Chinese file must have every key of the English one: a missing key fails the type check. */
type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };
const zh: Dictionary<typeof en> = zhJson;

/** Every message key the server can answer with has a translation (checked by the type of `en.errors`). */
export type ErrorKey = keyof typeof en.errors;
const serverKeysTranslated: Record<keyof typeof MESSAGES, string> = en.errors;
void serverKeysTranslated;

const STORAGE_KEY = 'leadreel.language';

export function savedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as Language) : 'en';
}

export function rememberLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
}

export function initI18n(language: Language = savedLanguage()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en }, zh_CN: { translation: zh } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else {
    void i18n.changeLanguage(language);
  }
  document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
  return i18n;
}

export { i18n };
