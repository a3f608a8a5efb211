import crypto from 'node:crypto';
import type { TestApp } from './harness.js';

export interface TestUser {
  uid: number;
  username: string;
  password: string;
  token: string;
  groupid: number;
}

/** A registered, logged-in user, made through the API as a person would. */
export async function registerUser(t: TestApp, fields: { username?: string; password?: string } = {}): Promise<TestUser> {
  const username = fields.username ?? `user_${crypto.randomBytes(4).toString('hex')}`;
  const password = fields.password ?? 'correct horse 1';
  const res = await t.call('user/registerByVerify', { username, password, confirm_password: password, ...(await t.solveCaptcha()) });
  if (res.error_code !== 0) throw new Error(`register ${username} failed: ${res.error_code} ${res.error_message}`);
  const data = res.data as { uid: number; user_token: string; groupid: number };
  return { uid: data.uid, username, password, token: data.user_token, groupid: data.groupid };
}

export async function loginUser(t: TestApp, username: string, password: string, headers: Record<string, string> = {}) {
  return t.call('user/loginByVerify', { username, password, ...(await t.solveCaptcha()) }, { headers });
}
