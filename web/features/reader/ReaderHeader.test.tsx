import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guestSite, installFakeApi, ok } from '../../test/fake-api';
import { fakeMatchMedia } from '../../test/media';
import { pageHeading, projectFive, readerMenu, readerPage, readerProject } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // A phone: every width query matches.
  vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query.includes('max-width')));
});

const foldedMenu = async (user: ReturnType<typeof renderProjectView>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Menu' }));
  return (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
};

describe('the project header on a phone (seed 001 §2 "Header right icons")', () => {
  it('keeps edit, share and the bell; the user center and the languages fold into one menu', async () => {
    readerProject({ role: 'editor' });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    expect(screen.getByRole('link', { name: 'Edit page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share project' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'User center' })).toBeNull();

    const menu = await foldedMenu(user);
    expect(within(menu).getByRole('menuitem', { name: /English/ })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: /User center/ }));
    expect(await screen.findByRole('dialog', { name: 'User center' })).toBeTruthy();
  });

  it("shows one menu for a manager: the project's entries fold into it with the account and the languages", async () => {
    readerProject({ role: 'manager' });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    expect(screen.queryByRole('button', { name: 'Manage project' })).toBeNull();
    const menu = await foldedMenu(user);
    expect(within(menu).getByRole('menuitem', { name: /Transfer/ })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /User center/ })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /English/ })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: /Open API/ }));
    expect(await screen.findByRole('dialog', { name: /Open API/ })).toBeTruthy();
  });

  it('a guest finds login and about in the menu', async () => {
    installFakeApi(guestSite({ 'item/info': ok(projectFive(readerMenu, 'reader')), 'page/info': ok(readerPage(10)) }));
    const { user, location } = renderProjectView('/5/10');
    await pageHeading('README');
    const menu = await foldedMenu(user);
    expect(within(menu).getByRole('menuitem', { name: /About Folio/ })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: /Log in/ }));
    expect(location()).toBe('/user/login?redirect=/5/10');
  });
});
