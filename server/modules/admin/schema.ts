import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';

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

/** `adminUser/getList`: a page of accounts, optionally those whose username, name or e-mail contain `username`. */
export const AdminUserListQuery = z.object({
  page: zInt(1, 1_000_000).default(1),
  count: zInt(1, 100).default(20),
  username: zText(200).default(''),
  /** Folio: 1 administrators only, 2 ordinary accounts only, 0 everyone (the delete dialog picks a receiving administrator). */
  groupid: zInt(0, 2).default(0),
});
export type AdminUserListInput = z.output<typeof AdminUserListQuery>;

export const ChangePassword = z.object({
  uid: zId,
  // Long enough to reach the "too long" rule (100 bytes) with a clear message, as AddUser.
  new_password: zText(1024).default(''),
});
export type ChangePasswordInput = z.output<typeof ChangePassword>;

/** What happens to the projects of an account being deleted; 'refuse' is ShowDoc's behaviour. */
export const DELETE_MODES = ['refuse', 'transfer', 'delete'] as const;
export type DeleteMode = (typeof DELETE_MODES)[number];

export const DeleteUser = z.object({
  uid: zId,
  projects: z.preprocess((v) => (v === '' || v === undefined ? 'refuse' : v), z.enum(DELETE_MODES)),
  // 0 or absent: the calling administrator.
  receiver_uid: zInt(0).default(0),
});
export type DeleteUserInput = z.output<typeof DeleteUser>;

const zBit = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number)).pipe(z.union([z.literal(0), z.literal(1)]));

export const SetDisabled = z.object({ uid: zId, is_disabled: zBit });
export type SetDisabledInput = z.output<typeof SetDisabled>;

export const SetGroup = z.object({
  uid: zId,
  groupid: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).transform(Number)).pipe(z.union([z.literal(1), z.literal(2)])),
});
export type SetGroupInput = z.output<typeof SetGroup>;

export const LoginLogQuery = z.object({
  page: zInt(1, 1_000_000).default(1),
  count: zInt(1, 100).default(20),
  uid: zInt(0).default(0),
  username: zText(200).default(''),
});
export type LoginLogInput = z.output<typeof LoginLogQuery>;
