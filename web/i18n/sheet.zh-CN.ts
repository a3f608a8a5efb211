import type { Messages } from './en';

/** 表格项目页面的中文文字，键与 `sheet.en.ts` 一致。 */
export const sheetZhCN: Messages['sheet'] = {
  loading: '正在打开表格…',
};
