import type { ErrorText } from './errors.js';

/**
 * Specific error texts the server sends, by key. The browser shows `error_message` as it is, so these
 * are in both interface languages and the server picks one from the request's language.
 */
export const serverMessages = {
  'route.unknown': { en: 'Invalid request', zh: '无效的请求' },
  'input.invalid': { en: 'Invalid input: {field}', zh: '参数不正确：{field}' },
  'input.tooLarge': { en: 'The request is too large', zh: '请求内容过大' },
  'request.crossSite': { en: 'Cross-site request refused', zh: '拒绝跨站请求' },
  'user.usernameRule': {
    en: 'A username has 2 to 30 letters, digits, _ or - (Chinese characters allowed), or is an e-mail address',
    zh: '用户名为 2 到 30 位字母、数字、下划线、短横线或汉字，或者是一个邮箱地址',
  },
  'user.passwordTooShort': { en: 'The password must have at least 6 characters', zh: '密码至少需要 6 位' },
  'user.passwordTooLong': { en: 'The password is too long (at most 100 bytes)', zh: '密码过长（最多 100 字节）' },
  'user.passwordMismatch': { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
  'user.registerClosed': { en: 'Registration is closed on this site', zh: '管理员已关闭注册' },
  'user.oldPasswordWrong': { en: 'The current password is wrong', zh: '旧密码错误' },
  'user.nameTooLong': { en: 'The name is too long (at most 64 characters)', zh: '名称过长（最多 64 个字符）' },
  'user.credentialsMissing': { en: 'Enter a username and a password', zh: '请输入用户名和密码' },
  'captcha.notFound': { en: 'No such captcha', zh: '验证码不存在' },
  'qrcode.urlMissing': { en: 'A URL is needed', zh: '缺少 URL' },
  'item.notFound': { en: 'This project does not exist or has been deleted', zh: '项目不存在或已被删除' },
  'item.archived': { en: 'This project is archived and can no longer be changed', zh: '项目已归档，不能再修改' },
  'item.nameRequired': { en: 'A project needs a name', zh: '请填写项目名称' },
  'item.privateNeedsPassword': { en: 'A private project must have a visit password', zh: '私密项目必须设置访问密码' },
  'item.ownerCannotLeave': { en: 'You own this project: transfer or delete it instead of leaving', zh: '你是项目的所有者，请转让或删除项目，而不是退出' },
  'item.notMember': { en: 'You are not a member of this project', zh: '你不是此项目的成员' },
  'item.orderInvalid': { en: 'The new order could not be read', zh: '排序数据无效' },
  'item.receiverIsOwner': { en: 'This user already owns the project', zh: '该用户已经是项目的所有者' },
  'itemGroup.nameTooLong': { en: 'A group name has at most {max} characters', zh: '分组名称最多 {max} 个字符' },
} satisfies Record<string, ErrorText>;

export type ServerMessageKey = keyof typeof serverMessages;
