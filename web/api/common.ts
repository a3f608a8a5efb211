import type { CaptchaCreated } from '../../common/answers/captcha';
import type { HomePageSetting, ServerVersion } from '../../common/answers/common';
import { apiPost } from './client';

export type { HomePageSetting };

export const siteKeys = {
  homePageSetting: () => ['homePageSetting'] as const,
  version: () => ['version'] as const,
};

export function fetchHomePageSetting(signal?: AbortSignal): Promise<HomePageSetting> {
  return apiPost<HomePageSetting>('common/homePageSetting', {}, { silent: true, signal });
}

export function fetchVersion(signal?: AbortSignal): Promise<ServerVersion> {
  return apiPost<ServerVersion>('common/version', {}, { silent: true, signal });
}

/** A new single-use captcha. Silent: the form around it shows its own loading and retry state. */
export function createCaptcha(signal?: AbortSignal): Promise<CaptchaCreated> {
  return apiPost<CaptchaCreated>('common/createCaptcha', {}, { silent: true, signal });
}

/** The captcha picture (SVG). `nonce` makes the browser fetch it again rather than reuse a cached one. */
export function captchaImageUrl(captchaId: string, nonce: number): string {
  return `/api/common/showCaptcha?captcha_id=${encodeURIComponent(captchaId)}&t=${nonce}`;
}
