import crypto from 'node:crypto';
import type svgCaptcha from 'svg-captcha';
import type { CaptchaCreated } from '../../../common/answers/captcha.js';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';

/** No I, O, 0 or 1: the characters people confuse (same alphabet as ShowDoc). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 4;
const LIFETIME_SECONDS = 600;

// svg-captcha's callable default export (render a given text) is missing from its type declarations.
type RenderSvg = (text: string, options: svgCaptcha.ConfigObject) => string;
// svg-captcha (about 10 MB resident with its font) loads with the first captcha image, not at server start.
let renderSvg: RenderSvg | null = null;
async function captchaRenderer(): Promise<RenderSvg> {
  renderSvg ??= (await import('svg-captcha')).default as unknown as RenderSvg;
  return renderSvg;
}

export async function createCaptcha(ctx: Ctx): Promise<CaptchaCreated> {
  const now = ctx.clock.now();
  // Expired rows go as new ones come, so the table stays as small as the last ten minutes of logins.
  await ctx.db.deleteFrom('captcha').where('expire_time', '<', now).execute();
  let text = '';
  for (let i = 0; i < LENGTH; i++) text += ALPHABET[crypto.randomInt(ALPHABET.length)];
  // A number, as ShowDoc answers, but a random one of 48 bits: nobody can walk through other people's captchas.
  const captchaId = crypto.randomInt(1, 2 ** 48 - 1);
  await ctx.db.insertInto('captcha').values({ captcha_id: String(captchaId), captcha: text, expire_time: now + LIFETIME_SECONDS }).execute();
  return { captcha_id: captchaId };
}

export async function showCaptcha(ctx: Ctx, captchaId: string): Promise<RawResponse> {
  const row = await ctx.db
    .selectFrom('captcha')
    .select('captcha')
    .where('captcha_id', '=', captchaId)
    .where('expire_time', '>', ctx.clock.now())
    .executeTakeFirst();
  if (!row) return new RawResponse('text/plain; charset=utf-8', '', {}, 404);
  const svg = (await captchaRenderer())(row.captcha, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f3f5f9' });
  return new RawResponse('image/svg+xml', svg, {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
}

/**
 * Uses up a captcha: the right answer passes exactly once, even under parallel requests (one atomic
 * UPDATE), and a wrong answer burns the captcha so it cannot be guessed repeatedly.
 */
export async function consumeCaptcha(ctx: Ctx, captchaId: string, answer: string): Promise<void> {
  if (!ctx.config.captcha) return;
  if (!captchaId || !answer) throw new ApiError(10206);
  const now = ctx.clock.now();
  const passed = await ctx.db
    .updateTable('captcha')
    .set({ expire_time: 0 })
    .where('captcha_id', '=', captchaId)
    .where('expire_time', '>', now)
    .where('captcha', '=', answer.trim().toUpperCase())
    .executeTakeFirst();
  if (passed.numUpdatedRows > 0n) return;
  await ctx.db.updateTable('captcha').set({ expire_time: 0 }).where('captcha_id', '=', captchaId).execute();
  throw new ApiError(10206);
}
