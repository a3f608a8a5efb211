import { apiPost } from './client';

/** `user/info`: the logged-in person. groupid 1 is a site administrator, 2 an ordinary user. */
export interface CurrentUser {
  uid: number;
  username: string;
  name: string;
  groupid: number;
  email: string;
  avatar?: string;
  reg_time?: string;
}

/** What login, registration and token login answer. The token is for ShowDoc clients; the app ignores it. */
export interface LoginResult {
  uid: number;
  username: string;
  name: string;
  groupid: number;
  email: string;
  avatar?: string;
}

export interface OAuthInfo {
  oauth2_open: number;
  oauth2_entrance_tips: string;
}

export interface LoginInput {
  username: string;
  password: string;
  captcha: string;
  captcha_id: string;
}

export interface RegisterInput extends LoginInput {
  confirm_password: string;
  inviteCode?: string;
}

/** Who is logged in, asked silently: not being logged in is an answer (null), not an error. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiPost<CurrentUser>('user/info', {}, { silent: true, signal });
}

export function loginByVerify(input: LoginInput): Promise<LoginResult> {
  return apiPost<LoginResult>('user/loginByVerify', { ...input });
}

export function registerByVerify(input: RegisterInput): Promise<LoginResult> {
  return apiPost<LoginResult>('user/registerByVerify', { ...input });
}

export function loginByUserToken(userToken: string): Promise<LoginResult> {
  return apiPost<LoginResult>('user/loginByUserToken', { user_token: userToken }, { silent: true });
}

export function updateInfo(name: string): Promise<unknown> {
  return apiPost('user/updateInfo', { name });
}

export function resetPassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return apiPost('user/resetPassword', { password: currentPassword, new_password: newPassword });
}

export function logout(): Promise<unknown> {
  return apiPost('user/logout', { confirm: 1 });
}

export function fetchOAuthInfo(signal?: AbortSignal): Promise<OAuthInfo> {
  return apiPost<OAuthInfo>('user/oauthInfo', {}, { silent: true, signal });
}
