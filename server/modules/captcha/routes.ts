import { z } from 'zod';
import { noInput, zText } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { CaptchaCreated } from '../../../common/answers/captcha.js';
import * as captcha from './service.js';

export const captchaRoutes = [
  defineRoute({ path: 'common/createCaptcha', input: noInput, auth: 'none', output: CaptchaCreated, handler: (ctx) => captcha.createCaptcha(ctx) }),
  defineRoute({
    path: 'common/showCaptcha',
    input: z.object({ captcha_id: zText(64) }),
    auth: 'none',
    safeForGet: true,
    handler: (ctx, input) => captcha.showCaptcha(ctx, input.captcha_id),
  }),
];
