import { z } from 'zod';
import { zText } from '../../http/fields.js';

export const ShowCaptcha = z.object({ captcha_id: zText(64) });
export type ShowCaptchaInput = z.infer<typeof ShowCaptcha>;
