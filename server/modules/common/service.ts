import type { HomePageSetting, ServerVersion } from '../../../common/answers/common.js';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { readAiSettings } from '../ai/settings.js';
import { readOptions } from './options.js';
import { siteOrigin } from '../admin/setting-values.js';
import { FOLIO_VERSION } from '../../version.js';

export async function homePageSetting(ctx: Ctx): Promise<HomePageSetting> {
  const [o, ai] = await Promise.all([readOptions(ctx.db, ['home_page', 'home_item', 'beian', 'register_open']), readAiSettings(ctx.db)]);
  return {
    home_page: o.home_page ?? '',
    home_item: o.home_item ?? '',
    // ShowDoc's clients show their AI entries by this flag: the same switch the editor's assistant follows.
    is_show_ai: ai.enabled ? 1 : 0,
    beian: o.beian ?? '',
    register_open: o.register_open === '0' ? 0 : 1,
    feedback_url: ctx.config.feedbackUrl ?? '',
    site_url: await siteOrigin(ctx),
    captcha_open: ctx.config.captcha ? 1 : 0,
  };
}

export function version(): ServerVersion {
  return { version: FOLIO_VERSION };
}

/** A PNG QR code of a share link; module size capped so one request cannot ask for a giant image. */
export async function qrcode(url: string, size: number): Promise<RawResponse> {
  // Loaded on the first QR code, not at start (issue 21: idle memory).
  const { default: QRCode } = await import('qrcode');
  try {
    // Throws when the text is more than the largest QR code holds (about 1,600 bytes at level Q).
    QRCode.create(url, { errorCorrectionLevel: 'Q' });
  } catch {
    throw new ApiError(10100, 'input.invalid', { field: 'url' });
  }
  const png = await QRCode.toBuffer(url, { type: 'png', scale: size, margin: 2, errorCorrectionLevel: 'Q' });
  return new RawResponse('image/png', png, { 'cache-control': 'private, max-age=3600' });
}
