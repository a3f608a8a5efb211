import type { OssConfig, OssSettingForm, OssTestResult } from '../../common/answers/storage';
import { ADMIN_KEY } from './admin';
import { apiPost } from './client';

export type { OssConfig, OssSettingForm, OssTestResult };

/** The admin console's storage settings (ShowDoc's oss_open / oss_setting). Silent: the section shows refusals itself. */
const silent = { silent: true } as const;

export const ossConfigKey = [...ADMIN_KEY, 'oss'] as const;

export type OssFormFields = Omit<OssSettingForm, 'secret_set' | 'secretId' | 'secretKey'>;

export function fetchOssConfig(signal?: AbortSignal): Promise<OssConfig> {
  return apiPost<OssConfig>('adminSetting/loadOssConfig', {}, { ...silent, signal });
}

/** The form goes as JSON text, as ShowDoc's console sends `oss_setting`; an empty secret keeps the stored one. */
export function saveOssConfig(open: boolean, form: OssFormFields): Promise<OssConfig> {
  return apiPost<OssConfig>('adminSetting/saveOssConfig', { oss_open: open ? 1 : 0, oss_setting: JSON.stringify(form) }, silent);
}

export function testOssConfig(form: OssFormFields): Promise<OssTestResult> {
  return apiPost<OssTestResult>('adminSetting/testOssConfig', { oss_setting: JSON.stringify(form) }, silent);
}
