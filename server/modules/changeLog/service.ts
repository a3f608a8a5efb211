import type { ChangeLogPage } from '../../../common/answers/changeLog.js';
import type { AuthedCtx } from '../../context.js';
import { formatTime } from '../../http/time.js';
import { requireManage } from '../item/access.js';
import { describeAction, describeObject } from './descriptions.js';

/** Rows a page of the change log may ask for (ShowDoc's cap). */
export const MAX_CHANGE_LOG_PAGE = 100;

/**
 * The project's activity log, newest first, paged. Managers only (the specification puts it in their
 * menu): the log names pages and catalogs anywhere in the project, so a member limited to some catalogs
 * must not read it. Archived projects keep their log readable.
 */
export async function changeLog(ctx: AuthedCtx, itemId: number, page: number, count: number): Promise<ChangeLogPage> {
  await requireManage(ctx, itemId, { allowArchived: true });
  const size = Math.min(count, MAX_CHANGE_LOG_PAGE);
  const total = await ctx.db
    .selectFrom('item_change_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom('item_change_log as log')
    .leftJoin('user', 'user.uid', 'log.uid')
    .selectAll('log')
    .select(['user.username', 'user.name'])
    .where('log.item_id', '=', itemId)
    .orderBy('log.optime', 'desc')
    .orderBy('log.id', 'desc')
    .offset((page - 1) * size)
    .limit(size)
    .execute();
  return {
    total: Number(total.n),
    list: rows.map((row) => {
      // uid 0 is the open API (server/modules/open/actor.ts): its changes say so instead of naming nobody.
      const username = row.uid === 0 ? 'API' : (row.username ?? '');
      const name = row.name ?? '';
      return {
        id: row.id,
        uid: row.uid,
        item_id: row.item_id,
        op_action_type: row.op_action_type,
        op_object_type: row.op_object_type,
        op_object_id: row.op_object_id,
        op_object_name: row.op_object_name,
        remark: row.remark,
        optime: formatTime(row.optime, ctx.config.timeZone),
        username,
        name,
        oper: name ? `${username}(${name})` : username,
        op_action_type_desc: describeAction(row.op_action_type, ctx.lang),
        op_object_type_desc: describeObject(row.op_object_type, ctx.lang),
      };
    }),
  };
}
