import { sql } from 'kysely';
import type { AdminUserList, AdminUserRow } from '../../../common/answers/admin.js';
import type { AuthedCtx } from '../../context.js';
import { escapeLike } from '../../db/like.js';
import { formatTime } from '../../http/time.js';
import type { AdminUserListInput } from './schema.js';

/**
 * `adminUser/getList`: accounts newest first, with what deleting each would touch. ShowDoc sent whole
 * user rows, password hash and salt included; the columns here are chosen one by one, so no secret can
 * come along when the table grows.
 */
export async function listUsers(ctx: AuthedCtx, input: AdminUserListInput): Promise<AdminUserList> {
  let query = ctx.db.selectFrom('user');
  if (input.groupid > 0) query = query.where('user.groupid', '=', input.groupid);
  const search = input.username.trim().toLowerCase();
  if (search !== '') {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('user.username')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('user.name')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('user.email')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select((eb) => [
      'user.uid',
      'user.username',
      'user.name',
      'user.email',
      'user.groupid',
      'user.reg_time',
      'user.last_login_time',
      'user.is_sso',
      'user.is_disabled',
      eb
        .selectFrom('item')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('item.uid', '=', 'user.uid')
        .where('item.is_del', '=', 0)
        .as('item_count'),
      eb
        .selectFrom('upload_file')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('upload_file.uid', '=', 'user.uid')
        .as('file_count'),
    ])
    .orderBy('user.uid', 'desc')
    .limit(input.count)
    .offset((input.page - 1) * input.count)
    .execute();
  return {
    total: Number(total.n),
    users: rows.map(
      (row): AdminUserRow => ({
        uid: row.uid,
        username: row.username,
        name: row.name,
        email: row.email,
        groupid: row.groupid,
        reg_time: formatTime(row.reg_time, ctx.config.timeZone),
        last_login_time: formatTime(row.last_login_time, ctx.config.timeZone),
        is_sso: row.is_sso,
        is_disabled: row.is_disabled,
        item_count: Number(row.item_count ?? 0),
        file_count: Number(row.file_count ?? 0),
      }),
    ),
  };
}
