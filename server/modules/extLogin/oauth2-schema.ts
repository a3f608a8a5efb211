import { z } from 'zod';
import { zText } from '../../http/fields.js';

/** `extLogin/oauth2`: the browser arriving (`redirect`), or coming back from the provider (`code`, `state`…). */
export const OAuth2Login = z.object({
  redirect: zText(1000).optional(),
  code: zText(4000).optional(),
  state: zText(500).optional(),
  iss: zText(1000).optional(),
  error: zText(500).optional(),
});
