import { empty } from '../../../common/wire.js';
import { defineRoute } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { AddUser } from './schema.js';
import * as admin from './service.js';

/** `adminUser/*`: accounts, their sessions and the login log. Every handler passes requireAdmin first. */
export const adminUserRoutes = [
  defineRoute({ path: 'adminUser/addUser', input: AddUser, auth: 'required', output: empty(), handler: (ctx, input) => admin.addUser(requireAdmin(ctx), input) }),
];
