import TeamIndex from '../routes/TeamIndex';
import TeamItem from '../routes/TeamItem';
import TeamMember from '../routes/TeamMember';
import { alice, guestSite, installFakeApi, ok, type FakeHandler } from './fake-api';
import { renderScreen } from './render';

/** The team screens on their own routes. */
export function renderTeams(path: string) {
  return renderScreen(path, {
    '/team/index': <TeamIndex />,
    '/team/member/:teamId': <TeamMember />,
    '/team/item/:teamId': <TeamItem />,
  });
}

export const team = (id: number, name: string, manage: number, extra: Record<string, unknown> = {}) => ({
  id,
  team_name: name,
  uid: manage ? 7 : 9,
  username: manage ? 'alice' : 'bob',
  addtime: '2026-11-01 10:00:00',
  last_update_time: 1793527200,
  memberCount: 2,
  itemCount: 1,
  team_manage: manage,
  ...extra,
});

/** Alice, signed in, with the answers every screen asks for; pass overrides per test. */
export function teamSite(overrides: Record<string, FakeHandler | unknown> = {}) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'message/getUnread': ok({ remind: [], announce: [], remind_count: 0 }),
      'team/getList': ok([team(3, 'Payments', 1), team(4, 'Platform', 0)]),
      ...overrides,
    }),
  );
}
