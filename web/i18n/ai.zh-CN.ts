import type { Messages } from './en';

/** AI 助手的中文文字，键与 `ai.en.ts` 一致。 */
export const aiZhCN: Messages['ai'] = {
  title: 'AI 助手',
};
