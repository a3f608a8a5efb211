import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdThemeFor } from '../features/theme/antd-theme';
import { antdLocale } from '../i18n/antd-locale';
import '../features/theme/dark-code.css';
import { applyColorScheme, useColorScheme } from '../features/theme/theme-preference';
import { useMediaQuery } from './useMediaQuery';

/** antd animates with JavaScript as well as CSS, so a person (or a test browser) asking for less motion gets none. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Server state, antd's theme (light or dark, following the header's choice or the system) and locale
 * (following the interface language), and antd's message context.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = antdLocale(i18n.language);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const scheme = useColorScheme();
  // Before paint, so the app's own CSS variables switch in the same frame as antd's components.
  useLayoutEffect(() => applyColorScheme(scheme), [scheme]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={antdThemeFor(scheme, reducedMotion)} button={{ autoInsertSpace: false }}>
        {/* One alert at a time: a new one replaces the old instead of stacking. */}
        <AntApp message={{ maxCount: 1 }}>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
