import type { Messages } from './en';

/** 管理后台的中文界面文字，键与 `admin.en.ts` 一致。 */
export const adminZhCN: Messages['admin'] = {
  title: '管理后台',
};
