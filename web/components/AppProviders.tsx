import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';
import { useMediaQuery } from './useMediaQuery';

/** antd animates with JavaScript as well as CSS, so a person (or a test browser) asking for less motion gets none. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

/** Server state, antd's theme and locale (following the interface language), and antd's message context. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'zh-CN' ? zhCN : enUS;
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={reducedMotion ? stillTheme : theme} button={{ autoInsertSpace: false }}>
        {/* One alert at a time: a new one replaces the old instead of stacking. */}
        <AntApp message={{ maxCount: 1 }}>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
