import { z } from 'zod';
import { int } from '../wire.js';

/**
 * `common/createCaptcha`. A number, as in ShowDoc, but random (48 bits) where ShowDoc counts up, so
 * nobody can walk through other people's captchas. Clients only send it back.
 */
export const CaptchaCreated = z.object({ captcha_id: int() });
export type CaptchaCreated = z.infer<typeof CaptchaCreated>;
