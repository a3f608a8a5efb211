import { z } from 'zod';
import * as answer from '../../../common/answers/message.js';
import { noInput, zId, zInt } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import * as messages from './service.js';

/** ShowDoc's clients send `from_uid` too; the message content alone identifies what is read. */
const MessageRef = z.object({ message_content_id: zId, from_uid: zInt(0).optional() });

export const messageRoutes = [
  defineRoute({ path: 'message/getUnread', input: noInput, auth: 'required', output: answer.UnreadSummary, handler: (ctx) => messages.unreadSummary(requireUser(ctx)) }),
  defineRoute({
    path: 'message/getUnreadRemind',
    input: noInput,
    auth: 'required',
    output: answer.UnreadReminder,
    handler: async (ctx) => (await messages.unreadSummary(requireUser(ctx))).remind,
  }),
  defineRoute({
    path: 'message/getRemindList',
    input: z.object({ page: zInt(1, 100_000).default(1), count: zInt(1, 100).default(5) }),
    auth: 'required',
    output: answer.RemindList,
    handler: (ctx, input) => messages.remindList(requireUser(ctx), input.page, input.count),
  }),
  defineRoute({ path: 'message/getAnnouncementList', input: noInput, auth: 'required', output: answer.AnnouncementList, handler: (ctx) => messages.announcementList(requireUser(ctx)) }),
  defineRoute({ path: 'message/setRead', input: MessageRef, auth: 'required', output: answer.MessageDone, handler: (ctx, input) => messages.setRead(requireUser(ctx), input.message_content_id) }),
  defineRoute({ path: 'message/delete', input: MessageRef, auth: 'required', output: answer.MessageDone, handler: (ctx, input) => messages.deleteMessage(requireUser(ctx), input.message_content_id) }),
];
