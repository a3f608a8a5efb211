import { apiPost } from './client';

/** `common/homePageSetting`: what `/` does ('2' login screen, '3' a project, else the landing page). */
export interface HomePageSetting {
  home_page: string;
  home_item: string;
  is_show_ai: number;
  beian: string;
  register_open: number;
  /** Folio: where the header's feedback icon leads; absent or empty = no icon (no feedback service built in). */
  feedback_url?: string;
}

export function fetchHomePageSetting(signal?: AbortSignal): Promise<HomePageSetting> {
  return apiPost<HomePageSetting>('common/homePageSetting', {}, { silent: true, signal });
}

export function fetchVersion(signal?: AbortSignal): Promise<{ version: string }> {
  return apiPost<{ version: string }>('common/version', {}, { silent: true, signal });
}

/** A new single-use captcha. Silent: the form around it shows its own loading and retry state. */
export function createCaptcha(signal?: AbortSignal): Promise<{ captcha_id: string }> {
  return apiPost<{ captcha_id: string }>('common/createCaptcha', {}, { silent: true, signal });
}

/** The captcha picture (SVG). `nonce` makes the browser fetch it again rather than reuse a cached one. */
export function captchaImageUrl(captchaId: string, nonce: number): string {
  return `/api/common/showCaptcha?captcha_id=${encodeURIComponent(captchaId)}&t=${nonce}`;
}
