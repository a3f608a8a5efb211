import type { TeamEntry, TeamItem, TeamItemMemberRow, TeamMemberRow } from '../../common/answers/team';
import { apiPost } from './client';

/** 1 ordinary member, 2 team admin. */
export type TeamRole = 1 | 2;
/** In a team's project: 0 read-only, 1 editor, 2 manager. */
export type TeamItemRole = 0 | 1 | 2;

/** A team of my list; `team_manage` is 1 when I may manage it (owner or team admin). */
export type Team = TeamEntry;
export type TeamMember = TeamMemberRow;
export type { TeamItem };
export type TeamItemMember = TeamItemMemberRow;

const silent = { silent: true } as const;

/** Query keys of teams; each is refreshed on its own (a team's members do not live under the team list). */
export const teamKeys = {
  list: () => ['teams'] as const,
  members: (teamId: number) => ['teamMembers', teamId] as const,
  items: (teamId: number) => ['teamItems', teamId] as const,
  itemMembers: (teamId: number, itemId: number) => ['teamItemMembers', teamId, itemId] as const,
};

export function fetchTeams(signal?: AbortSignal): Promise<Team[]> {
  return apiPost<Team[]>('team/getList', {}, { signal, silent: true });
}

/** Creates a team (no id) or renames one. */
export function saveTeam(name: string, id = 0): Promise<unknown> {
  return apiPost('team/save', { id, team_name: name }, silent);
}

export function deleteTeam(id: number): Promise<unknown> {
  return apiPost('team/delete', { id }, silent);
}

export function transferTeam(teamId: number, username: string, password: string): Promise<unknown> {
  return apiPost('team/attorn', { team_id: teamId, username, password }, silent);
}

export function leaveTeam(id: number): Promise<unknown> {
  return apiPost('team/exitTeam', { id }, silent);
}

export function fetchTeamMembers(teamId: number, signal?: AbortSignal): Promise<TeamMember[]> {
  return apiPost<TeamMember[]>('teamMember/getList', { team_id: teamId }, { signal, silent: true });
}

export function addTeamMember(teamId: number, username: string, role: TeamRole): Promise<unknown> {
  return apiPost('teamMember/save', { team_id: teamId, member_username: username, team_member_group_id: role }, silent);
}

export function setTeamMemberRole(teamId: number, memberId: number, role: TeamRole): Promise<unknown> {
  return apiPost('teamMember/save', { id: memberId, team_id: teamId, team_member_group_id: role }, silent);
}

export function removeTeamMember(memberId: number): Promise<unknown> {
  return apiPost('teamMember/delete', { id: memberId }, silent);
}

export function fetchTeamItems(teamId: number, signal?: AbortSignal): Promise<TeamItem[]> {
  return apiPost<TeamItem[]>('teamItem/getListByTeam', { team_id: teamId }, { signal, silent: true });
}

export function attachTeamItems(teamId: number, itemIds: readonly number[]): Promise<unknown> {
  return apiPost('teamItem/save', { team_id: teamId, item_id: itemIds.join(',') }, silent);
}

export function detachTeamItem(teamItemId: number): Promise<unknown> {
  return apiPost('teamItem/delete', { id: teamItemId }, silent);
}

export function fetchTeamItemMembers(teamId: number, itemId: number, signal?: AbortSignal): Promise<TeamItemMember[]> {
  return apiPost<TeamItemMember[]>('teamItemMember/getList', { item_id: itemId, team_id: teamId }, { signal, silent: true });
}

/** Changes a member's role or catalogs in one project (an empty list: every catalog). */
export function updateTeamItemMember(id: number, change: { role?: TeamItemRole; catIds?: readonly number[] }): Promise<unknown> {
  return apiPost('teamItemMember/save', { id, member_group_id: change.role, cat_ids: change.catIds ? change.catIds.join(',') : undefined }, silent);
}
