import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { fakeMatchMedia } from '../../test/media';
import { TestProviders } from '../../test/render';
import { darkTheme } from './antd-theme';
import { ThemeSwitch } from './ThemeSwitch';
import { SYSTEM_DARK, THEME_STORAGE_KEY } from './theme-preference';

/** What antd's components are drawn with: the container background its algorithm worked out. */
function SurfaceProbe() {
  const { token } = theme.useToken();
  return <output data-testid="surface">{token.colorBgContainer}</output>;
}

function renderSwitch() {
  return render(
    <TestProviders queryClient={createQueryClient()}>
      <ThemeSwitch />
      <SurfaceProbe />
    </TestProviders>,
  );
}

const darkSurface = darkTheme.token?.colorBgContainer;
const surface = () => screen.getByTestId('surface').textContent;
const htmlTheme = () => document.documentElement.dataset.theme;

afterEach(() => {
  delete document.documentElement.dataset.theme;
  document.documentElement.style.colorScheme = '';
});

describe('the theme switch (issue 23 item 15)', () => {
  it('choosing Dark switches antd to its dark algorithm and the page to the dark variables, and is remembered', async () => {
    const user = userEvent.setup();
    const first = renderSwitch();
    expect(surface()).toBe('#ffffff');
    expect(htmlTheme()).toBe('light');

    await user.click(screen.getByRole('button', { name: 'Theme: Follow system' }));
    await user.click(await screen.findByRole('menuitem', { name: /Dark/ }));

    expect(surface()).toBe(darkSurface);
    expect(htmlTheme()).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // The next visit opens dark without asking again.
    first.unmount();
    renderSwitch();
    expect(surface()).toBe(darkSurface);
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeTruthy();
  });

  it('with no choice made, a system that prefers dark gets the dark theme', () => {
    vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query === SYSTEM_DARK));
    renderSwitch();
    expect(surface()).toBe(darkSurface);
    expect(htmlTheme()).toBe('dark');
  });

  it('an explicit Light wins over a dark system, and Follow system goes back to it', async () => {
    vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query === SYSTEM_DARK));
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const user = userEvent.setup();
    renderSwitch();
    expect(surface()).toBe('#ffffff');
    expect(htmlTheme()).toBe('light');

    await user.click(screen.getByRole('button', { name: 'Theme: Light' }));
    await user.click(await screen.findByRole('menuitem', { name: /Follow system/ }));
    expect(surface()).toBe(darkSurface);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
