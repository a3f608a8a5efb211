import { z } from 'zod';
import { noInput, zId, zIdList, zInt, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { empty } from '../../../common/wire.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import { InsertedId } from '../../../common/answers/page.js';
import * as answer from '../../../common/answers/team.js';
import { MAX_TEAM_ITEMS } from './common.js';
import * as items from './item-service.js';
import { MAX_CAT_IDS, saveTeamItemMember, teamItemMembers } from './item-member-service.js';
import * as members from './member-service.js';
import * as teams from './team-service.js';

/** A name field: capped at the edge (the service caps the trimmed name), no NUL characters. */
const zName = zText(4000).refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

/** `cat_ids` as a comma list or an array of ids; absent stays absent, so only fields sent are changed. */
const zCatIds = z
  .union([z.array(zId).max(MAX_CAT_IDS), zText(MAX_CAT_IDS * 11)])
  .transform((value, ctx) => {
    if (Array.isArray(value)) return value;
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length > MAX_CAT_IDS || parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1)) {
      ctx.addIssue({ code: 'custom', message: 'a comma-separated list of ids' });
      return z.NEVER;
    }
    return parts.map(Number);
  })
  .optional();

export const teamRoutes = [
  defineRoute({
    path: 'team/save',
    input: z.object({ id: zInt(0).default(0), team_name: zName.default('') }),
    auth: 'required',
    output: answer.TeamRow,
    handler: (ctx, input) => teams.saveTeam(requireUser(ctx), input.id, input.team_name),
  }),
  defineRoute({ path: 'team/getList', input: noInput, auth: 'required', output: answer.TeamList, handler: (ctx) => teams.myTeams(requireUser(ctx)) }),
  defineRoute({
    path: 'team/delete',
    input: z.object({ id: zId }),
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => teams.deleteTeam(requireUser(ctx), input.id),
  }),
  defineRoute({
    path: 'team/attorn',
    input: z.object({ team_id: zId, username: zText(200).default(''), password: zText(1000).default('') }),
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => teams.transferTeam(requireUser(ctx), input.team_id, input.username, input.password),
  }),
  defineRoute({
    path: 'team/exitTeam',
    input: z.object({ id: zId }),
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => teams.exitTeam(requireUser(ctx), input.id),
  }),

  defineRoute({
    path: 'teamMember/save',
    input: z.object({ id: zInt(0).default(0), team_id: zInt(0).default(0), member_username: zText(200).default(''), team_member_group_id: zInt(1, 2).default(1) }),
    auth: 'required',
    output: InsertedId,
    handler: (ctx, input) => members.saveTeamMember(requireUser(ctx), input),
  }),
  defineRoute({
    path: 'teamMember/getList',
    input: z.object({ team_id: zId }),
    auth: 'required',
    output: answer.TeamMembers,
    handler: (ctx, input) => members.teamMembers(requireUser(ctx), input.team_id),
  }),
  defineRoute({
    path: 'teamMember/delete',
    input: z.object({ id: zId }),
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => members.deleteTeamMember(requireUser(ctx), input.id),
  }),

  defineRoute({
    path: 'teamItem/save',
    input: z.object({ team_id: zId, item_id: zIdList(MAX_TEAM_ITEMS) }),
    auth: 'required',
    output: InsertedId,
    handler: (ctx, input) => items.attachItems(requireUser(ctx), input.team_id, input.item_id),
  }),
  defineRoute({
    path: 'teamItem/getList',
    input: z.object({ item_id: zId }),
    auth: 'required',
    output: answer.TeamsOfItem,
    handler: (ctx, input) => items.teamsOfItem(requireUser(ctx), input.item_id),
  }),
  defineRoute({
    path: 'teamItem/getListByTeam',
    input: z.object({ team_id: zId }),
    auth: 'required',
    output: answer.TeamItems,
    handler: (ctx, input) => items.itemsOfTeam(requireUser(ctx), input.team_id),
  }),
  defineRoute({
    path: 'teamItem/delete',
    input: z.object({ id: zId }),
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => items.detachItem(requireUser(ctx), input.id),
  }),

  defineRoute({
    path: 'teamItemMember/save',
    input: z.object({ id: zId, member_group_id: zInt(0, 2).optional(), cat_id: zInt(0).optional(), cat_ids: zCatIds }),
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => saveTeamItemMember(requireUser(ctx), input.id, { member_group_id: input.member_group_id, cat_id: input.cat_id, cat_ids: input.cat_ids }),
  }),
  defineRoute({
    path: 'teamItemMember/getList',
    input: z.object({ item_id: zId, team_id: zId }),
    auth: 'required',
    output: answer.TeamItemMembers,
    handler: (ctx, input) => teamItemMembers(requireUser(ctx), input.item_id, input.team_id),
  }),
];
