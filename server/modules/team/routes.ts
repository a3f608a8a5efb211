import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { empty } from '../../../common/wire.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import { InsertedId } from '../../../common/answers/page.js';
import * as answer from '../../../common/answers/team.js';
import * as items from './item-service.js';
import { saveTeamItemMember, teamItemMembers } from './item-member-service.js';
import * as members from './member-service.js';
import * as schema from './schema.js';
import * as teams from './team-service.js';

export const teamRoutes = [
  defineRoute({
    path: 'team/save',
    input: schema.SaveTeam,
    auth: 'required',
    output: answer.TeamRow,
    handler: (ctx, input) => teams.saveTeam(ctx, input.id, input.team_name),
  }),
  defineRoute({ path: 'team/getList', input: noInput, auth: 'required', get: 'read', output: answer.TeamList, handler: (ctx) => teams.myTeams(ctx) }),
  defineRoute({
    path: 'team/delete',
    input: schema.RowId,
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => teams.deleteTeam(ctx, input.id),
  }),
  defineRoute({
    path: 'team/attorn',
    input: schema.TransferTeam,
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => teams.transferTeam(ctx, input.team_id, input.username, input.password),
  }),
  defineRoute({
    path: 'team/exitTeam',
    input: schema.RowId,
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => teams.exitTeam(ctx, input.id),
  }),

  defineRoute({
    path: 'teamMember/save',
    input: schema.SaveTeamMember,
    auth: 'required',
    output: InsertedId,
    handler: (ctx, input) => members.saveTeamMember(ctx, input),
  }),
  defineRoute({
    path: 'teamMember/getList',
    input: schema.TeamRef,
    auth: 'required',
    get: 'read',
    output: answer.TeamMembers,
    handler: (ctx, input) => members.teamMembers(ctx, input.team_id),
  }),
  defineRoute({
    path: 'teamMember/delete',
    input: schema.RowId,
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => members.deleteTeamMember(ctx, input.id),
  }),

  defineRoute({
    path: 'teamItem/save',
    input: schema.AttachItems,
    auth: 'required',
    output: InsertedId,
    handler: (ctx, input) => items.attachItems(ctx, input.team_id, input.item_id),
  }),
  defineRoute({
    path: 'teamItem/getList',
    input: schema.ItemRef,
    auth: 'required',
    get: 'read',
    output: answer.TeamsOfItem,
    handler: (ctx, input) => items.teamsOfItem(ctx, input.item_id),
  }),
  defineRoute({
    path: 'teamItem/getListByTeam',
    input: schema.TeamRef,
    auth: 'required',
    get: 'read',
    output: answer.TeamItems,
    handler: (ctx, input) => items.itemsOfTeam(ctx, input.team_id),
  }),
  defineRoute({
    path: 'teamItem/delete',
    input: schema.RowId,
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => items.detachItem(ctx, input.id),
  }),

  defineRoute({
    path: 'teamItemMember/save',
    input: schema.SaveTeamItemMember,
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => saveTeamItemMember(ctx, input.id, { member_group_id: input.member_group_id, cat_id: input.cat_id, cat_ids: input.cat_ids }),
  }),
  defineRoute({
    path: 'teamItemMember/getList',
    input: schema.TeamItemMembers,
    auth: 'required',
    get: 'read',
    output: answer.TeamItemMembers,
    handler: (ctx, input) => teamItemMembers(ctx, input.item_id, input.team_id),
  }),
];
