import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { LazyDropdown } from '../../components/LazyDropdown';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setThemePreference, themePreferences, useThemePreference, type ThemePreference } from './theme-preference';

const icons: Record<ThemePreference, ReactNode> = {
  system: <DesktopOutlined aria-hidden />,
  light: <SunOutlined aria-hidden />,
  dark: <MoonOutlined aria-hidden />,
};

/** Menu entries for the three theme choices; `choose` answers whether a clicked key was one of them. */
export function useThemeItems(): { items: NonNullable<MenuProps['items']>; selectedKey: string; choose: (key: string) => boolean } {
  const { t } = useTranslation();
  const current = useThemePreference();
  const items = themePreferences.map((choice) => ({ key: `theme:${choice}`, icon: icons[choice], label: t(`theme.${choice}`) }));
  const choose = (key: string) => {
    const choice = key.slice('theme:'.length);
    if (!key.startsWith('theme:') || !themePreferences.includes(choice as ThemePreference)) return false;
    setThemePreference(choice as ThemePreference);
    return true;
  };
  return { items, selectedKey: `theme:${current}`, choose };
}

/** The header's theme button, beside the language switch: system, light or dark. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const current = useThemePreference();
  const { items, selectedKey, choose } = useThemeItems();
  const label = t('theme.current', { choice: t(`theme.${current}`) });
  return (
    <LazyDropdown trigger={['click']} placement="bottomRight" menu={{ items, selectable: true, selectedKeys: [selectedKey], onClick: ({ key }) => choose(key) }}>
      <Button type="text" icon={icons[current]} aria-label={label} title={label} />
    </LazyDropdown>
  );
}
