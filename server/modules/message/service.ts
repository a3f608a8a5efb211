import type { Announcement, ListedAnnouncement, Reminder, ReminderPage, RemindList, UnreadSummary } from '../../../common/answers/message.js';
import type { AuthedCtx } from '../../context.js';
import type { MessageContent } from '../../db/content-tables.js';
import { formatTime } from '../../http/time.js';
import { readersOfPage } from '../item/access.js';
import { isSiteAdmin } from '../user/groups.js';

/**
 * Messages (reference §6.10): reminders that a followed page changed (made by page/save with notify) and
 * announcements the site posts. A reminder is one `message` row per recipient; an announcement is one
 * `message_content` row that each person reads once (a `message` row records the reading).
 */

export const ANNOUNCEMENT_TYPES = ['announce', 'announce_web', 'announce_runapi', 'announce_all'] as const;

type Db = AuthedCtx['db'];

/** The page a reminder is about, when the person may still read it (access can change after the notice). */
async function pageDataFor(ctx: AuthedCtx, pageId: number): Promise<ReminderPage | null> {
  const page = await ctx.db
    .selectFrom('page')
    .select(['item_id', 'page_id', 'page_title', 'cat_id', 'is_draft', 'author_uid'])
    .where('page_id', '=', pageId)
    .where('is_del', '=', 0)
    .executeTakeFirst();
  if (!page || !(await readersOfPage(ctx, page, [ctx.user])).has(ctx.user.uid)) return null;
  return { item_id: page.item_id, page_id: page.page_id, page_title: page.page_title, cat_id: page.cat_id };
}

function reminders(db: Db, uid: number) {
  return db
    .selectFrom('message')
    .innerJoin('message_content', 'message_content.id', 'message.message_content_id')
    .where('message.to_uid', '=', uid)
    .where('message.message_type', '=', 'remind')
    .where('message.status', '>=', 0);
}

interface ReminderRow {
  id: number;
  from_uid: number;
  to_uid: number;
  message_type: string;
  message_content_id: number;
  status: number;
  addtime: number;
  readtime: number;
  from_name: string;
  message_content: string;
  action_type: string;
  object_type: string;
  object_id: number;
}

async function presentReminder(ctx: AuthedCtx, row: ReminderRow): Promise<Reminder> {
  const pageData = row.object_type === 'page' ? await pageDataFor(ctx, row.object_id) : null;
  const { timeZone } = ctx.config;
  return {
    id: row.id,
    from_uid: row.from_uid,
    to_uid: row.to_uid,
    message_type: row.message_type,
    message_content_id: row.message_content_id,
    status: row.status,
    addtime: formatTime(row.addtime, timeZone),
    readtime: row.readtime ? formatTime(row.readtime, timeZone) : '',
    from_name: row.from_name,
    message_content: row.message_content,
    action_type: row.action_type,
    object_type: row.object_type,
    object_id: row.object_id,
    ...(pageData ? { page_data: pageData } : {}),
  };
}

function presentAnnouncement(ctx: AuthedCtx, row: MessageContent): Announcement {
  return {
    id: row.id,
    from_uid: row.from_uid,
    from_name: row.from_name,
    message_type: row.message_type,
    message_content: row.message_content,
    action_type: row.action_type,
    object_type: row.object_type,
    object_id: row.object_id,
    addtime: formatTime(row.addtime, ctx.config.timeZone),
    message_content_id: row.id,
  };
}

const reminderColumns = [
  'message.id',
  'message.from_uid',
  'message.to_uid',
  'message.message_type',
  'message.message_content_id',
  'message.status',
  'message.addtime',
  'message.readtime',
  'message_content.from_name',
  'message_content.message_content',
  'message_content.action_type',
  'message_content.object_type',
  'message_content.object_id',
] as const;

/** `message/getRemindList`: my reminders, newest first; listing them marks them read. */
export async function remindList(ctx: AuthedCtx, page: number, count: number): Promise<RemindList> {
  const [rows, total] = await Promise.all([
    reminders(ctx.db, ctx.user.uid)
      .select([...reminderColumns])
      .orderBy('message.addtime', 'desc')
      .orderBy('message.id', 'desc')
      .limit(count)
      .offset((page - 1) * count)
      .execute(),
    reminders(ctx.db, ctx.user.uid)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const unread = rows.filter((row) => row.status === 0).map((row) => row.id);
  if (unread.length > 0) await ctx.db.updateTable('message').set({ status: 1, readtime: ctx.clock.now() }).where('id', 'in', unread).execute();
  return { total: Number(total.n), list: await Promise.all(rows.map((row) => presentReminder(ctx, row))) };
}

async function userRegTime(ctx: AuthedCtx): Promise<number> {
  const row = await ctx.db.selectFrom('user').select('reg_time').where('uid', '=', ctx.user.uid).executeTakeFirst();
  return row?.reg_time ?? 0;
}

/** Announcements I can see: posted after I registered (administrators see them all), already due. */
function announcements(ctx: AuthedCtx, regTime: number) {
  let query = ctx.db
    .selectFrom('message_content')
    .where('message_content.message_type', 'in', [...ANNOUNCEMENT_TYPES])
    .where('message_content.addtime', '<=', ctx.clock.now());
  if (!isSiteAdmin(ctx.user)) query = query.where('message_content.addtime', '>=', regTime);
  return query;
}

async function readAnnouncementIds(ctx: AuthedCtx): Promise<Set<number>> {
  const rows = await ctx.db
    .selectFrom('message')
    .select('message_content_id')
    .where('to_uid', '=', ctx.user.uid)
    .where('message_type', 'in', [...ANNOUNCEMENT_TYPES])
    .where('status', '!=', 0)
    .execute();
  return new Set(rows.map((row) => row.message_content_id));
}

/** `message/getAnnouncementList`: every announcement for me, newest first, with whether I read it. */
export async function announcementList(ctx: AuthedCtx): Promise<ListedAnnouncement[]> {
  const rows = await announcements(ctx, await userRegTime(ctx))
    .selectAll('message_content')
    .orderBy('message_content.addtime', 'desc')
    .orderBy('message_content.id', 'desc')
    .limit(500)
    .execute();
  const read = await readAnnouncementIds(ctx);
  return rows.map((row) => ({ ...presentAnnouncement(ctx, row), status: read.has(row.id) ? 1 : 0 }));
}

/** `message/getUnread`: the newest unread reminder and the first unread announcement, or `[]` for each. */
export async function unreadSummary(ctx: AuthedCtx): Promise<UnreadSummary> {
  const remindRow = await reminders(ctx.db, ctx.user.uid)
    .select([...reminderColumns])
    .where('message.status', '=', 0)
    .orderBy('message.addtime', 'desc')
    .orderBy('message.id', 'desc')
    .executeTakeFirst();
  const unreadCount = await reminders(ctx.db, ctx.user.uid)
    .where('message.status', '=', 0)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const read = await readAnnouncementIds(ctx);
  const candidates = await announcements(ctx, await userRegTime(ctx))
    .selectAll('message_content')
    .orderBy('message_content.addtime', 'desc')
    .limit(50)
    .execute();
  const announce = candidates.find((row) => !read.has(row.id));
  return {
    remind: remindRow ? await presentReminder(ctx, remindRow) : [],
    announce: announce ? presentAnnouncement(ctx, announce) : [],
    remind_count: Number(unreadCount.n),
  };
}

/** `message/setRead`: my reminders with that content are read; an announcement gets its reading recorded. */
export async function setRead(ctx: AuthedCtx, messageContentId: number): Promise<[]> {
  const content = await ctx.db.selectFrom('message_content').select(['id', 'message_type', 'from_uid']).where('id', '=', messageContentId).executeTakeFirst();
  if (!content) return [];
  const now = ctx.clock.now();
  if ((ANNOUNCEMENT_TYPES as readonly string[]).includes(content.message_type)) {
    const existing = await ctx.db.selectFrom('message').select('id').where('to_uid', '=', ctx.user.uid).where('message_content_id', '=', content.id).executeTakeFirst();
    if (existing) await ctx.db.updateTable('message').set({ status: 1, readtime: now }).where('id', '=', existing.id).where('status', '=', 0).execute();
    else {
      await ctx.db
        .insertInto('message')
        .values({ from_uid: content.from_uid, to_uid: ctx.user.uid, message_type: content.message_type, message_content_id: content.id, status: 1, addtime: now, readtime: now })
        .execute();
    }
    return [];
  }
  await ctx.db.updateTable('message').set({ status: 1, readtime: now }).where('to_uid', '=', ctx.user.uid).where('message_content_id', '=', content.id).where('status', '=', 0).execute();
  return [];
}

/** `message/delete`: the reminder leaves my list (status −1). */
export async function deleteMessage(ctx: AuthedCtx, messageContentId: number): Promise<[]> {
  await ctx.db.updateTable('message').set({ status: -1 }).where('to_uid', '=', ctx.user.uid).where('message_content_id', '=', messageContentId).execute();
  return [];
}
