import type { Messages } from './en';

/** 看板与白板项目的中文文字，键与 `board.en.ts` 一致。 */
export const boardZhCN: Messages['board'] = {
  readOnly: '当前版本的 Folio 以只读方式显示此项目。',
};
