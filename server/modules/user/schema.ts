import { z } from 'zod';
import { zText } from '../../http/fields.js';

const captchaFields = { captcha: zText(16).default(''), captcha_id: zText(64).default('') };
// Long enough to reach the "too long" rule (100 bytes) with a clear message, short enough to cost nothing.
const password = zText(1024);

export const Register = z.object({
  username: zText(200).default(''),
  password: password.default(''),
  confirm_password: password.default(''),
  ...captchaFields,
  // Accepted for ShowDoc clients; invitations are not used.
  inviteCode: zText(200).optional(),
});
export type RegisterInput = z.infer<typeof Register>;

export const Login = z.object({ username: zText(200).default(''), password: password.default(''), ...captchaFields });
export type LoginInput = z.infer<typeof Login>;

export const LoginByUserToken = z.object({ user_token: zText(256) });
export type LoginByUserTokenInput = z.infer<typeof LoginByUserToken>;

export const UpdateInfo = z.object({ name: zText(64).default('') });
export type UpdateInfoInput = z.infer<typeof UpdateInfo>;

// The login e-mail: a valid address, or empty to sign in by username only; the password proves it is the owner.
export const UpdateEmail = z.object({ email: zText(200).default(''), password: password.default('') });
export type UpdateEmailInput = z.infer<typeof UpdateEmail>;

export const ResetPassword = z.object({ password: password.default(''), new_password: password.default('') });
export type ResetPasswordInput = z.infer<typeof ResetPassword>;

export const Logout = z.object({ confirm: zText(16).optional() });
export type LogoutInput = z.infer<typeof Logout>;

export const FindUsers = z.object({ username: zText(100).default('') });
export type FindUsersInput = z.infer<typeof FindUsers>;
