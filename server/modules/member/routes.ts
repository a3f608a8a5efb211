import { z } from 'zod';
import { noInput, zId, zInt, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import * as answer from '../../../common/answers/member.js';
import { InsertedId } from '../../../common/answers/page.js';
import type { MemberRole } from '../item/access.js';
import * as members from './service.js';

/** ShowDoc takes `cat_ids` as an array, a JSON array, a comma list or one id; none means every catalog. */
const catIdList = z
  .union([zText(2000), z.array(z.union([z.number(), z.string()])).max(200)])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parts = (Array.isArray(value) ? value.map(String) : value.replace(/^\s*\[|\]\s*$/g, '').split(',')).map((p) => p.trim().replace(/^"|"$/g, '')).filter((p) => p !== '' && p !== '0');
    if (parts.length > 200 || parts.some((p) => !/^\d{1,10}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: 'catalog ids' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

/** ShowDoc answers these lists with `[]` when no project is named (its member picker asks so before one is chosen). */
const OptionalItem = z.object({ item_id: zInt(0).default(0) });

const role = zInt(0, 2).transform((n) => n as MemberRole);

const SaveMember = z.object({
  item_id: zId,
  // Folio: with a member id, the member's role and catalogs are changed in place.
  item_member_id: zInt(0).default(0),
  username: zText(2000).default(''),
  member_group_id: role.optional(),
  cat_ids: catIdList,
  cat_id: zInt(0).default(0),
});

export const memberRoutes = [
  defineRoute({
    path: 'member/save',
    input: SaveMember,
    auth: 'required',
    output: z.union([InsertedId, SuccessFlag]),
    handler: (ctx, input) => {
      const user = requireUser(ctx);
      const catIds = input.cat_ids ?? (input.cat_id > 0 ? [input.cat_id] : undefined);
      if (input.item_member_id > 0) return members.updateMember(user, input.item_id, input.item_member_id, input.member_group_id, catIds);
      const usernames = input.username
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== '');
      return members.addMembers(user, { item_id: input.item_id, usernames: usernames.length ? usernames : [''], member_group_id: input.member_group_id ?? 0, cat_ids: catIds ?? [] });
    },
  }),
  defineRoute({
    path: 'member/getList',
    input: OptionalItem,
    auth: 'required',
    output: answer.MemberList,
    handler: (ctx, input) => (input.item_id > 0 ? members.listMembers(requireUser(ctx), input.item_id) : []),
  }),
  defineRoute({
    path: 'member/delete',
    input: z.object({ item_id: zId, item_member_id: zId }),
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => members.removeMember(requireUser(ctx), input.item_id, input.item_member_id),
  }),
  defineRoute({
    path: 'member/getAllList',
    input: OptionalItem,
    auth: 'required',
    output: answer.ItemPeople,
    handler: (ctx, input) => (input.item_id > 0 ? members.everyoneWithAccess(requireUser(ctx), input.item_id) : []),
  }),
  defineRoute({ path: 'member/getMyAllList', input: noInput, auth: 'required', output: answer.Collaborators, handler: (ctx) => members.myCollaborators(requireUser(ctx)) }),
];
