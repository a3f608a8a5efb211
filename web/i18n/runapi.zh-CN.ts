import type { Messages } from './en';

/** RunApi 接口页面的中文文字，键与 `runapi.en.ts` 一致。 */
export const runApiZhCN: Messages['runApi'] = {
  method: '请求方式',
};
