import { z } from 'zod';
import { zInt, zText } from '../../http/fields.js';

/** ShowDoc's admin form sends `uid=` (or 0) when it creates an account, and the uid when it edits one. */
const uid = z.preprocess((v) => (v === '' || v === undefined ? 0 : v), zInt(0));

export const AddUser = z.object({
  uid,
  username: zText(200).default(''),
  // Long enough to reach the "too long" rule (100 bytes) with a clear message, as in user/routes.ts.
  password: zText(1024).default(''),
  name: zText(64).optional(),
});
export type AddUserInput = z.output<typeof AddUser>;
