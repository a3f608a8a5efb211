import type { Messages } from './en';

/** 登录密钥的中文文字，键与 `secret-key.en.ts` 一致。 */
export const secretKeyZhCN: Messages['secretKey'] = {
  title: '登录密钥',
  intro: '受信任的系统（内网门户、工单系统等）可以用此密钥签名的链接让用户登录 Folio。拿到密钥的人可以登录任何非管理员账号：请只保存在服务器上。',
  key: '密钥',
  reveal: '显示密钥',
  hide: '隐藏密钥',
  copy: '复制',
  copied: '密钥已复制',
  copyFailed: '此浏览器不允许在这里复制：请显示密钥后手动复制。',
  reset: '重置密钥',
  resetTitle: '重置登录密钥？',
  resetBody: '所有用当前密钥签名链接的系统都将失效，直到换上新密钥。',
  resetOk: '重置',
  resetDone: '已生成新密钥',
  createUser: '首次使用时创建账号',
  createUserHelp: '链接中的用户名还没有账号时，自动创建一个（标记为单点登录账号）。关闭时拒绝此类链接。',
  saved: '已保存',
  formatTitle: '链接格式',
  formatText: 'token 为 md5(用户名 + 密钥 + time)，time 为当前 Unix 时间（秒）。链接只能使用一次，且须在 time 前后 5 分钟内使用；redirect 必须是本站路径。管理员不能这样登录。',
};
