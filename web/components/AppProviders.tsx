import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';

/** Server state, antd's theme and locale (following the interface language), and antd's message context. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'zh-CN' ? zhCN : enUS;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme} button={{ autoInsertSpace: false }}>
        {/* One alert at a time: a new one replaces the old instead of stacking. */}
        <AntApp message={{ maxCount: 1 }}>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
