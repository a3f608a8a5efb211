import type { Locale } from 'antd/es/locale';
// antd's own default: its components import this module anyway, so English costs nothing extra.
import enUS from 'antd/es/locale/en_US';

let zhCN: Locale | null = null;

/** antd's built-in texts (dialog buttons, empty lists) in Chinese, downloaded only for a Chinese interface. */
export async function loadAntdLocale(language: string): Promise<void> {
  if (language === 'zh-CN' && !zhCN) zhCN = (await import('antd/es/locale/zh_CN')).default;
}

export function antdLocale(language: string): Locale {
  return language === 'zh-CN' && zhCN ? zhCN : enUS;
}
