import { z } from 'zod';
import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import * as answer from '../../../common/answers/member.js';
import { InsertedId } from '../../../common/answers/page.js';
import { OptionalItem, RemoveMember, SaveMember } from './schema.js';
import * as members from './service.js';

export const memberRoutes = [
  defineRoute({
    path: 'member/save',
    input: SaveMember,
    auth: 'required',
    output: z.union([InsertedId, SuccessFlag]),
    handler: (ctx, input) => {
      const catIds = input.cat_ids ?? (input.cat_id > 0 ? [input.cat_id] : undefined);
      if (input.item_member_id > 0) return members.updateMember(ctx, input.item_id, input.item_member_id, input.member_group_id, catIds);
      const usernames = input.username
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== '');
      return members.addMembers(ctx, { item_id: input.item_id, usernames: usernames.length ? usernames : [''], member_group_id: input.member_group_id ?? 0, cat_ids: catIds ?? [] });
    },
  }),
  defineRoute({
    path: 'member/getList',
    input: OptionalItem,
    auth: 'required',
    get: 'read',
    output: answer.MemberList,
    handler: (ctx, input) => (input.item_id > 0 ? members.listMembers(ctx, input.item_id) : []),
  }),
  defineRoute({
    path: 'member/delete',
    input: RemoveMember,
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => members.removeMember(ctx, input.item_id, input.item_member_id),
  }),
  defineRoute({
    path: 'member/getAllList',
    input: OptionalItem,
    auth: 'required',
    get: 'read',
    output: answer.ItemPeople,
    handler: (ctx, input) => (input.item_id > 0 ? members.everyoneWithAccess(ctx, input.item_id) : []),
  }),
  defineRoute({ path: 'member/getMyAllList', input: noInput, auth: 'required', get: 'read', output: answer.Collaborators, handler: (ctx) => members.myCollaborators(ctx) }),
];
