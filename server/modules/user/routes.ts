import { z } from 'zod';
import { noInput, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { empty } from '../../../common/wire.js';
import * as answer from '../../../common/answers/user.js';
import * as users from './service.js';

const captchaFields = { captcha: zText(16).default(''), captcha_id: zText(64).default('') };
// Long enough to reach the "too long" rule (100 bytes) with a clear message, short enough to cost nothing.
const password = zText(1024);

const Register = z.object({
  username: zText(200).default(''),
  password: password.default(''),
  confirm_password: password.default(''),
  ...captchaFields,
  // Accepted for ShowDoc clients; invitations are not used.
  inviteCode: zText(200).optional(),
});

const Login = z.object({ username: zText(200).default(''), password: password.default(''), ...captchaFields });

export const userRoutes = [
  defineRoute({ path: 'user/registerByVerify', input: Register, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.register(ctx, input) }),
  defineRoute({ path: 'user/register', input: Register, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.register(ctx, input) }),
  defineRoute({ path: 'user/loginByVerify', input: Login, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.login(ctx, input) }),
  defineRoute({ path: 'user/login', input: Login, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.login(ctx, input) }),
  defineRoute({
    path: 'user/loginByUserToken',
    input: z.object({ user_token: zText(256) }),
    auth: 'required',
    output: answer.LoginResult,
    handler: (ctx, input) => users.loginByUserToken(ctx, input.user_token),
  }),
  defineRoute({ path: 'user/info', input: noInput, auth: 'required', output: answer.UserInfo, handler: (ctx) => users.info(requireUser(ctx)) }),
  defineRoute({
    path: 'user/updateInfo',
    input: z.object({ name: zText(64).default('') }),
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => users.updateInfo(requireUser(ctx), input.name),
  }),
  defineRoute({
    path: 'user/resetPassword',
    input: z.object({ password: password.default(''), new_password: password.default('') }),
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => users.resetPassword(requireUser(ctx), input.password, input.new_password),
  }),
  defineRoute({
    path: 'user/logout',
    input: z.object({ confirm: zText(16).optional() }),
    auth: 'optional',
    output: empty(),
    handler: (ctx) => users.logout(ctx),
  }),
  defineRoute({
    path: 'user/oauthInfo',
    input: noInput,
    auth: 'none',
    output: answer.OAuthInfo,
    // Folio has no OAuth2 login: ShowDoc's answer while the option was never set, so no entrance shows.
    handler: () => ({ oauth2_open: null, oauth2_entrance_tips: '' }),
  }),
  defineRoute({
    path: 'user/allUser',
    input: z.object({ username: zText(100).default('') }),
    auth: 'required',
    output: answer.UserNames,
    handler: (ctx, input) => users.findUsers(requireUser(ctx), input.username),
  }),
];
