import { z } from 'zod';
import { empty, folioOnly, int, rowInt, text } from '../wire.js';
import { pagedList } from './common.js';

/**
 * What the message actions answer (showdoc-behaviour.md §6.10; transcript 64). ShowDoc answers `[]`
 * where there is no message. Times are formatted (`YYYY-MM-DD HH:mm:ss`), as ShowDoc stores them.
 */

/** The page a reminder is about, while the person may still read it. */
export const ReminderPage = z.object({ page_id: rowInt(), item_id: rowInt(), cat_id: rowInt(), page_title: text() });
export type ReminderPage = z.infer<typeof ReminderPage>;

/** A reminder: someone saved a page I follow with a notice. ShowDoc casts `object_id` to a PHP int. */
export const Reminder = z.object({
  id: rowInt(),
  from_uid: rowInt(),
  to_uid: rowInt(),
  message_type: text(),
  message_content_id: rowInt(),
  status: rowInt(),
  addtime: text(),
  readtime: text(),
  from_name: text(),
  message_content: text(),
  action_type: text(),
  object_type: text(),
  object_id: int(),
  /** Left out when the page is gone or the person may no longer read it. */
  page_data: ReminderPage.optional(),
});
export type Reminder = z.infer<typeof Reminder>;

/** An announcement (a `message_content` row) with ShowDoc's copy of its id. */
export const Announcement = z.object({
  id: rowInt(),
  from_uid: rowInt(),
  from_name: text(),
  message_type: text(),
  message_content: text(),
  action_type: text(),
  object_type: text(),
  object_id: rowInt(),
  addtime: text(),
  message_content_id: rowInt(),
});
export type Announcement = z.infer<typeof Announcement>;

/** `message/getAnnouncementList`: each announcement with `status` 1 once I have read it. */
export const ListedAnnouncement = Announcement.extend({ status: int() });
export type ListedAnnouncement = z.infer<typeof ListedAnnouncement>;
export const AnnouncementList = z.array(ListedAnnouncement);

/** `message/getUnreadRemind`: the newest unread reminder, or `[]`. */
export const UnreadReminder = z.union([Reminder, empty()]);
export type UnreadReminder = z.infer<typeof UnreadReminder>;

/** `message/getUnread`: the newest unread reminder and the first unread announcement, `[]` for none. */
export const UnreadSummary = z.object({
  remind: UnreadReminder,
  announce: z.union([Announcement, empty()]),
  /** How many reminders are unread, for the bell's badge. */
  remind_count: folioOnly(int()),
});
export type UnreadSummary = z.infer<typeof UnreadSummary>;

/** `message/getRemindList`: my reminders, newest first. */
export const RemindList = pagedList(Reminder);
export type RemindList = z.infer<typeof RemindList>;

/** `message/setRead`, `message/delete`. */
export const MessageDone = empty();
