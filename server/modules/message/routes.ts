import * as answer from '../../../common/answers/message.js';
import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { MessageRef, RemindList } from './schema.js';
import * as messages from './service.js';

export const messageRoutes = [
  defineRoute({ path: 'message/getUnread', input: noInput, auth: 'required', get: 'read', output: answer.UnreadSummary, handler: (ctx) => messages.unreadSummary(ctx) }),
  defineRoute({
    path: 'message/getUnreadRemind',
    input: noInput,
    auth: 'required',
    get: 'read',
    output: answer.UnreadReminder,
    handler: async (ctx) => (await messages.unreadSummary(ctx)).remind,
  }),
  defineRoute({
    path: 'message/getRemindList',
    input: RemindList,
    auth: 'required',
    output: answer.RemindList,
    handler: (ctx, input) => messages.remindList(ctx, input.page, input.count),
  }),
  defineRoute({ path: 'message/getAnnouncementList', input: noInput, auth: 'required', get: 'read', output: answer.AnnouncementList, handler: (ctx) => messages.announcementList(ctx) }),
  defineRoute({ path: 'message/setRead', input: MessageRef, auth: 'required', output: answer.MessageDone, handler: (ctx, input) => messages.setRead(ctx, input.message_content_id) }),
  defineRoute({ path: 'message/delete', input: MessageRef, auth: 'required', output: answer.MessageDone, handler: (ctx, input) => messages.deleteMessage(ctx, input.message_content_id) }),
];
