import type { ThemeConfig } from 'antd';

/** One calm accent colour; everything else is antd's neutral palette. Keep in sync with styles.css. */
export const accentColor = '#3b5bdb';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: accentColor,
    colorLink: accentColor,
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
    colorBgLayout: '#f6f7f9',
  },
  components: {
    Menu: { itemBorderRadius: 8, activeBarBorderWidth: 0 },
  },
};
