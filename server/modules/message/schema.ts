import { z } from 'zod';
import { zId, zInt } from '../../http/fields.js';

export const RemindList = z.object({ page: zInt(1, 100_000).default(1), count: zInt(1, 100).default(5) });
export type RemindListInput = z.infer<typeof RemindList>;

/** ShowDoc's clients send `from_uid` too; the message content alone identifies what is read. */
export const MessageRef = z.object({ message_content_id: zId, from_uid: zInt(0).optional() });
export type MessageRefInput = z.infer<typeof MessageRef>;
