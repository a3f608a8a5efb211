import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { ApiBridge } from '../components/ApiBridge';
import { AppProviders } from '../components/AppProviders';
import TeamIndex from '../routes/TeamIndex';
import TeamItem from '../routes/TeamItem';
import TeamMember from '../routes/TeamMember';
import { alice, guestSite, installFakeApi, ok, type FakeHandler } from './fake-api';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

/** The team screens on their own routes (App.tsx gets them from the lead). */
export function renderTeams(path: string) {
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ApiBridge />
        <Routes>
          <Route path="/team/index" element={<TeamIndex />} />
          <Route path="/team/member/:teamId" element={<TeamMember />} />
          <Route path="/team/item/:teamId" element={<TeamItem />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, user, location: () => screen.getByTestId('location').textContent };
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
