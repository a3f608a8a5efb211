import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { empty } from '../../../common/wire.js';
import * as answer from '../../../common/answers/user.js';
import * as schema from './schema.js';
import * as users from './service.js';
import { updateLoginEmail } from './login-email.js';

export const userRoutes = [
  defineRoute({ path: 'user/registerByVerify', input: schema.Register, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.register(ctx, input) }),
  defineRoute({ path: 'user/register', input: schema.Register, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.register(ctx, input) }),
  defineRoute({ path: 'user/loginByVerify', input: schema.Login, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.login(ctx, input) }),
  defineRoute({ path: 'user/login', input: schema.Login, auth: 'none', output: answer.LoginResult, handler: (ctx, input) => users.login(ctx, input) }),
  defineRoute({
    path: 'user/loginByUserToken',
    input: schema.LoginByUserToken,
    auth: 'required',
    output: answer.LoginResult,
    handler: (ctx, input) => users.loginByUserToken(ctx, input.user_token),
  }),
  defineRoute({ path: 'user/info', input: noInput, auth: 'required', get: 'read', output: answer.UserInfo, handler: (ctx) => users.info(ctx) }),
  defineRoute({
    path: 'user/updateInfo',
    input: schema.UpdateInfo,
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => users.updateInfo(ctx, input.name),
  }),
  // Folio: ShowDoc's user center cannot change the e-mail one signs in with.
  defineRoute({
    path: 'user/updateEmail',
    input: schema.UpdateEmail,
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => updateLoginEmail(ctx, input.email, input.password),
  }),
  defineRoute({
    path: 'user/resetPassword',
    input: schema.ResetPassword,
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => users.resetPassword(ctx, input.password, input.new_password),
  }),
  defineRoute({
    path: 'user/logout',
    input: schema.Logout,
    auth: 'optional',
    output: empty(),
    handler: (ctx) => users.logout(ctx),
  }),
  // user/oauthInfo is served with the OAuth2 login (extLogin/oauth2-routes.ts).
  defineRoute({
    path: 'user/allUser',
    input: schema.FindUsers,
    auth: 'required',
    get: 'read',
    output: answer.UserNames,
    handler: (ctx, input) => users.findUsers(ctx, input.username),
  }),
];
