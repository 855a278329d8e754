import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_DURATION_MS, TOAST_DURATION_MS, TOAST_TOP_OFFSET } from '../constants.ts';
import { translateFixedLabels } from './aria-labels.ts';

/** antd in the console's language, with the console contract toast and notification timings: around every antd screen. */
export function AntProviders({ children }: { children: ReactNode }) {
  const { i18n, t } = useTranslation();
  const zh = i18n.language === 'zh_CN';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
  }, [zh]);
  useEffect(
    () =>
      zh
        ? translateFixedLabels(document.body, {
            'Select all': t('a11y.selectAll'),
            'Custom selection': t('a11y.customSelection'),
            'Increase Value': t('a11y.increase'),
            'Decrease Value': t('a11y.decrease'),
          })
        : undefined,
    [zh, t],
  );
  return (
    <ConfigProvider locale={zh ? zhCN : enUS} theme={{ token: { colorPrimary: '#1456f0', borderRadius: 8 } }}>
      <AntApp
        message={{ duration: TOAST_DURATION_MS / 1000, top: TOAST_TOP_OFFSET }}
        notification={{ duration: NOTIFICATION_DURATION_MS / 1000 }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
