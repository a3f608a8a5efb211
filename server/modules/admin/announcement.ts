import type { AdminAnnouncementList } from '../../../common/answers/admin.js';
import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { ANNOUNCEMENT_TYPES } from '../message/service.js';
import { sanitizeAnnouncement } from './announcement-sanitize.js';
import type { AddAnnouncementInput, AnnouncementPageInput } from './site-schema.js';

/**
 * Announcements to every user: one `message_content` row, which message/getAnnouncementList and
 * message/getUnread already show to each account that existed when it was posted (server/modules/message).
 */

/** `adminMessage/addAnnouncement`. */
export async function addAnnouncement(ctx: AuthedCtx, input: AddAnnouncementInput): Promise<{ id: number }> {
  const content = sanitizeAnnouncement(input.message_content);
  if (content === '') throw new ApiError(10101, 'admin.announcementRequired');
  const row = await ctx.db
    .insertInto('message_content')
    .values({
      from_uid: ctx.user.uid,
      from_name: ctx.user.name || ctx.user.username,
      message_type: input.message_type,
      message_content: content,
      addtime: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** `adminMessage/listAnnouncements`: newest first, with how many people have read each. */
export async function listAnnouncements(ctx: AuthedCtx, query: AnnouncementPageInput): Promise<AdminAnnouncementList> {
  const all = ctx.db.selectFrom('message_content').where('message_type', 'in', [...ANNOUNCEMENT_TYPES]);
  const [rows, total] = await Promise.all([
    all
      .select(['id', 'message_content', 'from_name', 'addtime'])
      .select((eb) =>
        eb
          .selectFrom('message')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('message.message_content_id', '=', 'message_content.id')
          .where('message.status', '=', 1)
          .as('read_count'),
      )
      .orderBy('addtime', 'desc')
      .orderBy('id', 'desc')
      .limit(query.count)
      .offset((query.page - 1) * query.count)
      .execute(),
    all.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(total.n),
    list: rows.map((row) => ({
      id: row.id,
      message_content: row.message_content,
      from_name: row.from_name,
      addtime: formatTime(row.addtime, ctx.config.timeZone),
      read_count: Number(row.read_count ?? 0),
    })),
  };
}

/** `adminMessage/deleteAnnouncement` (Folio): gone for everyone; the readings go with it (foreign key). */
export async function deleteAnnouncement(ctx: AuthedCtx, id: number): Promise<[]> {
  const result = await ctx.db.deleteFrom('message_content').where('id', '=', id).where('message_type', 'in', [...ANNOUNCEMENT_TYPES]).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new ApiError(10101, 'admin.announcementNotFound');
  return [];
}
