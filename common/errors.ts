/**
 * The one error-code table. Codes and meanings follow ShowDoc's classic (ThinkPHP) table so that
 * ShowDoc clients keep reacting to them; texts are ours, in both interface languages.
 */
export const ErrorCode = {
  ok: 0,
  visitPasswordWrong: 10010,
  validation: 10100,
  failure: 10101,
  notLoggedIn: 10102,
  noPermission: 10103,
  accountDisabled: 10107,
  usernameExists: 10201,
  loginLocked: 10204,
  captchaWrong: 10206,
  passwordWrong: 10208,
  userNotFound: 10209,
  loginFailed: 10210,
  noVisitPermission: 10301,
  noManagePermission: 10302,
  noItemPermission: 10303,
  domainExists: 10304,
  domainInvalid: 10305,
  apiKeyMismatch: 10306,
  itemPasswordNeeded: 10307,
  memberQuotaExceeded: 10310,
  loginRequired: 10312,
  badRoute: 10400,
  notFound: 10404,
  methodNotAllowed: 10405,
  tooManyRequests: 10429,
  serverError: 10500,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorText {
  en: string;
  zh: string;
}

/** Default texts for a code when the thrower gives no more specific message. */
export const errorTexts: Record<ErrorCodeValue, ErrorText> = {
  0: { en: 'OK', zh: '成功' },
  10010: { en: 'The visit password is wrong', zh: '访问密码不正确' },
  10100: { en: 'Invalid input', zh: '参数不正确' },
  10101: { en: 'The operation failed', zh: '操作失败' },
  10102: { en: 'You are not logged in, or your session has expired', zh: '你尚未登录或登录已过期' },
  10103: { en: 'You do not have permission to do this', zh: '你没有权限执行此操作' },
  10107: { en: 'This account has been disabled. Ask an administrator', zh: '该账号已被禁用，请联系管理员' },
  10201: { en: 'This username is already taken', zh: '用户名已存在' },
  10204: { en: 'Too many failed attempts. Please wait a moment and try again', zh: '失败次数过多，请稍后再试' },
  10206: { en: 'The captcha is wrong or has expired', zh: '验证码不正确或已过期' },
  10208: { en: 'The password is wrong', zh: '密码不正确' },
  10209: { en: 'No such user', zh: '用户不存在' },
  10210: { en: 'Wrong username or password', zh: '用户名或密码错误' },
  10301: { en: 'You cannot visit this project', zh: '你没有访问此项目的权限' },
  10302: { en: 'You cannot manage this project', zh: '你没有管理此项目的权限' },
  10303: { en: 'You do not have permission for this project', zh: '你没有此项目的权限' },
  10304: { en: 'This personal domain is already in use', zh: '个性域名已存在' },
  10305: { en: 'A personal domain may contain only letters and digits', zh: '个性域名只能是字母或数字的组合' },
  10306: { en: 'api_key or api_token does not match', zh: 'api_key 或 api_token 不匹配' },
  10307: { en: 'This project needs its visit password', zh: '此项目需要访问密码' },
  10310: { en: 'This project has reached its collaborator limit', zh: '项目成员数量已达上限' },
  10312: { en: 'Please log in first', zh: '请先登录' },
  10400: { en: 'Invalid route', zh: '无效的路由' },
  10404: { en: 'Invalid request', zh: '无效的请求' },
  10405: { en: 'This action accepts only POST', zh: '此操作只接受 POST 请求' },
  10429: { en: 'Too many requests. Please slow down', zh: '请求过于频繁，请稍后再试' },
  10500: { en: 'Something went wrong on the server', zh: '服务器出错了' },
};

/** Codes after which the browser leaves the current screen (seed 000 §8, seed 001 §8). */
export const codesThatRedirect = {
  toLogin: [10102, 10312] as number[],
  toItemPassword: [10303, 10307] as number[],
};
