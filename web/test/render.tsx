import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../App';
import { createQueryClient } from '../api/query-client';
import { ApiBridge } from '../components/ApiBridge';
import { AppProviders } from '../components/AppProviders';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** The whole app at `path`, as the browser would show it, with a fresh cache and an in-memory router. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ApiBridge />
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...utils,
    user,
    queryClient,
    location: () => screen.getByTestId('location').textContent,
  };
}
