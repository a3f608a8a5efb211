import { AdminDone, AdminUserList, DeletedUser, LoginLog } from '../../../common/answers/admin.js';
import { defineRoute } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { loginLog } from './login-log.js';
import { AddUser, AdminUserListQuery, ChangePassword, DeleteUser, LoginLogQuery, SetDisabled, SetGroup } from './schema.js';
import * as admin from './service.js';
import { deleteUser } from './user-delete.js';
import { listUsers } from './user-list.js';
import { changePassword } from './user-password.js';
import { setDisabled, setGroup } from './user-status.js';

/** `adminUser/*`: accounts, their sessions and the login log. Every handler passes requireAdmin first. */
export const adminUserRoutes = [
  defineRoute({ path: 'adminUser/getList', input: AdminUserListQuery, auth: 'required', get: 'read', output: AdminUserList, handler: (ctx, input) => listUsers(requireAdmin(ctx), input) }),
  defineRoute({ path: 'adminUser/addUser', input: AddUser, auth: 'required', output: AdminDone, handler: (ctx, input) => admin.addUser(requireAdmin(ctx), input) }),
  defineRoute({ path: 'adminUser/changePassword', input: ChangePassword, auth: 'required', output: AdminDone, handler: (ctx, input) => changePassword(requireAdmin(ctx), input) }),
  defineRoute({ path: 'adminUser/deleteUser', input: DeleteUser, auth: 'required', output: DeletedUser, handler: (ctx, input) => deleteUser(requireAdmin(ctx), input) }),
  defineRoute({ path: 'adminUser/setDisabled', input: SetDisabled, auth: 'required', output: AdminDone, handler: (ctx, input) => setDisabled(requireAdmin(ctx), input) }),
  defineRoute({ path: 'adminUser/setGroup', input: SetGroup, auth: 'required', output: AdminDone, handler: (ctx, input) => setGroup(requireAdmin(ctx), input) }),
  defineRoute({ path: 'adminUser/loginLog', input: LoginLogQuery, auth: 'required', get: 'read', output: LoginLog, handler: (ctx, input) => loginLog(requireAdmin(ctx), input) }),
];
