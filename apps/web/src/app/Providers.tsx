import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_DURATION_MS, TOAST_DURATION_MS, TOAST_TOP_OFFSET } from '../constants.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/** TanStack Query, antd in the console's language with spec §9's toast and notification timings. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { i18n } = useTranslation();
  const [client] = useState(() => queryClient ?? createQueryClient());
  const zh = i18n.language === 'zh_CN';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
  }, [zh]);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zh ? zhCN : enUS} theme={{ token: { colorPrimary: '#1456f0', borderRadius: 8 } }}>
        <AntApp
          message={{ duration: TOAST_DURATION_MS / 1000, top: TOAST_TOP_OFFSET }}
          notification={{ duration: NOTIFICATION_DURATION_MS / 1000 }}
        >
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
