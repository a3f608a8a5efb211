import type { Messages } from './en';
import { firstScreenZhCN } from './first-screen.zh-CN';
import { otherScreensZhCN } from './other-screens.zh-CN';

/** 简体中文界面文字，与英文一样分两次下载。键必须与 `en.ts` 完全一致（有测试比对）。 */
export const zhCN: Messages = { ...firstScreenZhCN, ...otherScreensZhCN };
