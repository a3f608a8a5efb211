import type { Messages } from './en';

/** 登录密钥的中文文字，键与 `secret-key.en.ts` 一致。 */
export const secretKeyZhCN: Messages['secretKey'] = {
  title: '登录密钥',
};
