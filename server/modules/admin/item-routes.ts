import { AdminDone, AdminItemList, AdminItemRow } from '../../../common/answers/admin.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { adminItemList } from './item-list.js';
import { adminAttornItem, adminDeleteItem, adminHardDeleteItem, adminRecoverItem } from './item-lifecycle.js';
import { AdminItemAttorn, AdminItemListQuery, AdminItemRef } from './item-schema.js';

/** `adminItem/*`: every project of the site. Every handler passes requireAdmin first. */
export const adminItemRoutes: RouteDef[] = [
  defineRoute({ path: 'adminItem/getList', input: AdminItemListQuery, auth: 'required', get: 'read', output: AdminItemList, handler: (ctx, input) => adminItemList(requireAdmin(ctx), input) }),
  defineRoute({ path: 'adminItem/deleteItem', input: AdminItemRef, auth: 'required', output: AdminDone, handler: (ctx, input) => adminDeleteItem(requireAdmin(ctx), input.item_id) }),
  defineRoute({ path: 'adminItem/recoverItem', input: AdminItemRef, auth: 'required', output: AdminDone, handler: (ctx, input) => adminRecoverItem(requireAdmin(ctx), input.item_id) }),
  defineRoute({ path: 'adminItem/hardDeleteItem', input: AdminItemRef, auth: 'required', output: AdminDone, handler: (ctx, input) => adminHardDeleteItem(requireAdmin(ctx), input.item_id) }),
  defineRoute({
    path: 'adminItem/attorn',
    input: AdminItemAttorn,
    auth: 'required',
    output: AdminItemRow,
    handler: (ctx, input) => adminAttornItem(requireAdmin(ctx), input.item_id, input.username),
  }),
];
