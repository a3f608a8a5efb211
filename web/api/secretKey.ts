import type { LoginSecretKey } from '../../common/answers/ai';
import { ADMIN_KEY } from './admin';
import { apiPost } from './client';

export type { LoginSecretKey };

/** The login secret key of the admin console (administrators only; read over POST, never cached). */
const silent = { silent: true } as const;

export const secretKeyKeys = { current: () => [...ADMIN_KEY, 'secretKey'] as const };

export function fetchLoginSecretKey(signal?: AbortSignal): Promise<LoginSecretKey> {
  return apiPost<LoginSecretKey>('adminSetting/getLoginSecretKey', {}, { ...silent, signal });
}

export function resetLoginSecretKey(): Promise<LoginSecretKey> {
  return apiPost<LoginSecretKey>('adminSetting/resetLoginSecretKey', {}, silent);
}

export function saveSecretKeySettings(createUser: boolean): Promise<LoginSecretKey> {
  return apiPost<LoginSecretKey>('adminSetting/saveLoginSecretKeySettings', { create_user: createUser }, silent);
}
