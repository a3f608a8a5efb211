import type { Messages } from './en';

/** 站点设置在后台以外带来的界面文字，键与 `site.en.ts` 一致。 */
export const siteZhCN: Messages['site'] = {
  registerClosed: '本站已关闭注册，请联系管理员开通账号。',
  beianTitle: 'ICP 备案号（打开备案查询网站）',
};
