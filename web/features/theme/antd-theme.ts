import { theme as antdTheme, type ThemeConfig } from 'antd';
import { theme as lightTheme } from '../../components/theme';
import type { ColorScheme } from './theme-preference';

/**
 * The dark counterpart of components/theme.ts: antd's dark algorithm, with the accent lifted so links and
 * primary buttons keep their contrast on a dark surface. Keep these in sync with styles.css's dark variables.
 */
export const darkTheme: ThemeConfig = {
  ...lightTheme,
  algorithm: antdTheme.darkAlgorithm,
  token: {
    ...lightTheme.token,
    colorPrimary: '#5c7cfa',
    colorLink: '#91a7ff',
    colorBgLayout: '#141518',
    colorBgContainer: '#1c1e22',
    colorBgElevated: '#24272c',
  },
};

/** antd's theme for a scheme; `still` switches antd's JavaScript animations off (reduced motion). */
export function antdThemeFor(scheme: ColorScheme, still: boolean): ThemeConfig {
  const base = scheme === 'dark' ? darkTheme : lightTheme;
  return still ? { ...base, token: { ...base.token, motion: false } } : base;
}
