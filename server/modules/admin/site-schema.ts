import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';
import { ANNOUNCEMENT_TYPES } from '../message/service.js';

export const MAX_ANNOUNCEMENT_CHARS = 10_000;

/** `adminMessage/addAnnouncement`. ShowDoc's `send_at` (scheduled sending) is read and ignored: announcements go out at once. */
export const AddAnnouncement = z.object({
  message_content: zText(MAX_ANNOUNCEMENT_CHARS).default(''),
  message_type: z.preprocess((v) => (v === '' || v === undefined ? 'announce_web' : v), z.enum(ANNOUNCEMENT_TYPES)),
  send_at: zText(100).optional(),
});
export type AddAnnouncementInput = z.output<typeof AddAnnouncement>;

export const AnnouncementPage = z.object({ page: zInt(1, 100_000).default(1), count: zInt(1, 100).default(20) });
export type AnnouncementPageInput = z.output<typeof AnnouncementPage>;

export const AnnouncementRef = z.object({ id: zId });
export type AnnouncementRefInput = z.output<typeof AnnouncementRef>;
