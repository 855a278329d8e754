import type { Language } from '@leadreel/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../api/endpoints.ts';
import { rememberLanguage } from '../i18n/index.ts';
import { useAuthStore } from '../stores/auth.ts';

export const LANGUAGE_OPTIONS: Array<{ value: Language; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'zh_CN', label: '简体中文' },
];

/** Switches the console language, remembers it, and tells the server (emails follow the account language). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const token = useAuthStore((s) => s.authorizationToken);
  const change = (language: Language) => {
    rememberLanguage(language);
    void i18n.changeLanguage(language);
    document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
    if (token) accountApi.setLanguage({ language }).catch(() => undefined);
  };
  return (
    <Select
      aria-label={t('app.language')}
      data-testid="language-switch"
      value={i18n.language as Language}
      options={LANGUAGE_OPTIONS}
      onChange={change}
      style={{ width: 120 }}
      variant="borderless"
    />
  );
}
