import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { CaptchaCreated } from '../../../common/answers/captcha.js';
import { ShowCaptcha } from './schema.js';
import * as captcha from './service.js';

/** Captchas are made and drawn for anyone, so each address gets a budget: a captcha is not a rate limit. */
export const captchaRoutes = [
  defineRoute({
    path: 'common/createCaptcha',
    input: noInput,
    auth: 'none',
    rateLimit: { per: 'ip', max: 30, windowMs: 60_000 },
    output: CaptchaCreated,
    handler: (ctx) => captcha.createCaptcha(ctx),
  }),
  defineRoute({
    path: 'common/showCaptcha',
    input: ShowCaptcha,
    auth: 'none',
    get: 'link',
    rateLimit: { per: 'ip', max: 120, windowMs: 60_000 },
    handler: (ctx, input) => captcha.showCaptcha(ctx, input.captcha_id),
  }),
];
