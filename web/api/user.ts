import type { LoginResult, OAuthInfo, UserInfo, UserName } from '../../common/answers/user';
import { apiPost } from './client';

export type { LoginResult, OAuthInfo, UserInfo, UserName };

/**
 * What the app needs of the logged-in person: `user/info`, or a login answer until that arrives.
 * groupid 1 is a site administrator, 2 an ordinary user. (The token of a login answer is for ShowDoc
 * clients; the app has the cookie.)
 */
export type CurrentUser = Pick<UserInfo, 'uid' | 'username' | 'name' | 'groupid' | 'email'>;

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

export const userKeys = {
  /** The signed-in person, or null for a guest. */
  me: () => ['me'] as const,
  oauthInfo: () => ['oauthInfo'] as const,
  /** Member pickers' suggestions for what was typed. */
  people: (typed: string) => ['people', typed] as const,
};

/** Who is logged in, asked silently: not being logged in is an answer (null), not an error. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<UserInfo> {
  return apiPost<UserInfo>('user/info', {}, { silent: true, signal });
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

/** Changes the e-mail the account signs in with ('' clears it); the server asks for the current password. */
export function updateLoginEmail(email: string, currentPassword: string): Promise<unknown> {
  return apiPost('user/updateEmail', { email, password: currentPassword }, { silent: true });
}

/**
 * Suggestions for a member picker: people the user already works with whose username starts with what
 * was typed (all of them with nothing typed), or the one account named exactly. The server never lists
 * the site's other accounts.
 */
export function findPeople(typed: string, signal?: AbortSignal): Promise<UserName[]> {
  return apiPost<UserName[]>('user/allUser', { username: typed }, { signal, silent: true });
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
