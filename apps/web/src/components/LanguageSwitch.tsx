import type { Language } from '@leadreel/shared/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../api/endpoints.ts';
import { initI18n, rememberLanguage } from '../i18n/index.ts';
import { useAuthStore } from '../stores/auth.ts';

export const LANGUAGE_OPTIONS: Array<{ value: Language; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'zh_CN', label: '简体中文' },
];

/**
 * Switches the console language, remembers it, and tells the server (emails follow the account language).
 * A native select: it is on the sign-in screen, where antd's Select would add about 20 KB of compressed script
 * (and on phones the system's own picker is the better one).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const token = useAuthStore((s) => s.authorizationToken);
  const queryClient = useQueryClient();
  // The other language's strings are fetched the first time it is picked and the screen switches when they
  // arrive; the select shows the choice meanwhile.
  const [picked, setPicked] = useState<Language | null>(null);
  const change = (language: Language) => {
    rememberLanguage(language);
    setPicked(language);
    // A file that fails to arrive leaves the screen (and so the select) in the language it was in.
    const settle = () => setPicked((current) => (current === language ? null : current));
    // Some answers are worded by the server in the language asked for (an order's line, plan names): what the
    // screen holds is read again in the new one.
    initI18n(language).then(() => {
      settle();
      void queryClient.invalidateQueries();
    }, settle);
    if (token) accountApi.setLanguage({ language }).catch(() => undefined);
  };
  return (
    <select
      className="language-switch"
      aria-label={t('app.language')}
      data-testid="language-switch"
      value={picked ?? i18n.language}
      onChange={(event) => change(event.target.value as Language)}
    >
      {LANGUAGE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
