import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import { itemGroup, listItem } from '../test/items';
import { itemDetail, searchHit } from '../test/project-answers';
import ItemIndex from './ItemIndex';
import ItemAdd from './ItemAdd';
import ItemGroupIndex from './ItemGroupIndex';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/item/index': <ItemIndex />, '/item/add': <ItemAdd />, '/item/group/index': <ItemGroupIndex /> });

const apiDocs = listItem({ item_id: 1, item_name: 'API docs', item_description: 'REST endpoints', item_domain: 'apidocs' });
const handbook = listItem({ item_id: 2, item_name: 'Handbook', item_type: 2, creator: 0, manage: 0, is_star: 1, is_private: 1 });
const dictionary = listItem({ item_id: 3, item_name: 'Data dictionary', item_type: 4, creator: 0, manage: 1 });

/** alice's site: three projects, a "Backend" group holding the dictionary; myList answers per group. */
function aliceSite(overrides: Record<string, unknown> = {}) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'itemGroup/getList': ok([itemGroup({ id: 5, group_name: 'Backend', item_ids: '3' })]),
      'item/myList': (params: URLSearchParams) => {
        const group = Number(params.get('item_group_id'));
        if (group === -1) return ok([handbook]);
        if (group === 5) return ok([dictionary]);
        return ok([apiDocs, handbook, dictionary]);
      },
      ...overrides,
    }),
  );
}

/**
 * The card of a project; the first screen of a file also waits for its lazily loaded code. Found by the
 * project's name inside a link: a role query would compute the name of every link on the list, again on
 * every change of the page while it loads.
 */
const card = async (name: string) => (await screen.findByText(name, { selector: 'a *' })).closest('li') as HTMLElement;

type User = ReturnType<typeof renderRoutes>['user'];

/** Opens a card's action menu; the newest menu is the one just opened (a closed one can stay mounted). */
async function openMenu(user: User, name: string): Promise<HTMLElement> {
  // By its label: these tests are about the menu's entries, and a role query weighs every button on the screen.
  await user.click(screen.getByLabelText(`Actions for ${name}`));
  return (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
}

async function menuOf(user: User, name: string): Promise<string[]> {
  return within(await openMenu(user, name))
    .getAllByRole('menuitem')
    .map((entry) => entry.textContent ?? '');
}

/** Chooses an entry of a card's action menu. */
async function choose(user: User, name: string, entry: string) {
  await user.click(within(await openMenu(user, name)).getByRole('menuitem', { name: entry }));
}

/** Puts text in a field at once: these tests are about what is sent, not about each keystroke. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('project list', () => {
  it('shows each project as a card with its type icon, opening its domain or id', async () => {
    aliceSite();
    renderRoutes('/item/index');

    const docs = await card('API docs');
    expect(within(docs).getByRole('img', { name: 'Regular project' })).toBeTruthy();
    expect(within(docs).getByRole('link', { name: /API docs/ }).getAttribute('href')).toBe('/apidocs');
    expect(within(docs).getByText('REST endpoints')).toBeTruthy();

    const book = await card('Handbook');
    expect(within(book).getByRole('img', { name: 'Single-page project' })).toBeTruthy();
    expect(within(book).getByRole('link', { name: /Handbook/ }).getAttribute('href')).toBe('/2');
    expect(within(book).getByLabelText('Private')).toBeTruthy();
    expect(within(book).getByLabelText('Starred')).toBeTruthy();

    const dict = await card('Data dictionary');
    expect(within(dict).getByRole('link', { name: /Data dictionary/ })).toBeTruthy();
    expect(within(dict).getByRole('img', { name: 'Spreadsheet project' })).toBeTruthy();
  });

  it('offers the owner every action, and no way to leave', async () => {
    aliceSite();
    const { user } = renderRoutes('/item/index');
    await card('API docs');

    expect(await menuOf(user, 'API docs')).toEqual([
      'Open',
      'Share',
      'Star',
      'Project settings',
      'Edit base info',
      'Members',
      'Open API key',
      'Recycle bin',
      'Export',
      'Copy project',
      'Transfer',
      'Archive',
      'Delete',
    ]);
  });

  it('opens the recycle bin of a project from its card and restores a page', async () => {
    const deleted = { page_id: '31', page_title: 'Old API', del_by_username: 'bob', del_time: '2026-11-20 09:15:00' };
    const api = aliceSite({ 'recycle/getList': ok([deleted]), 'recycle/recover': ok([]) });
    const { user } = renderRoutes('/item/index');
    await card('API docs');

    await choose(user, 'API docs', 'Recycle bin');
    const dialog = await screen.findByRole('dialog', { name: 'Recycle bin' });
    await within(dialog).findByText('Old API');
    expect(api.callsTo('recycle/getList')[0]?.params.get('item_id')).toBe('1');
    await user.click(within(dialog).getByRole('button', { name: /Restore/ }));
    await waitFor(() => expect(api.callsTo('recycle/recover')[0]?.params.get('page_id')).toBe('31'));
    await waitFor(() => expect(within(dialog).queryByText('Old API')).toBeNull());
  });

  it('offers a member open, share, unstar and leave only', async () => {
    aliceSite();
    const { user } = renderRoutes('/item/index');
    await card('Handbook');

    expect(await menuOf(user, 'Handbook')).toEqual(['Open', 'Share', 'Unstar', 'Leave project']);
  });

  it('stars a project and reloads the list', async () => {
    const api = aliceSite({ 'item/star': ok({ id: 1 }) });
    const { user } = renderRoutes('/item/index');
    await card('API docs');
    const listCalls = api.callsTo('item/myList').length;

    await choose(user, 'API docs', 'Star');

    expect(await screen.findByText('Added to Starred')).toBeTruthy();
    expect(api.callsTo('item/star')[0]?.params.get('item_id')).toBe('1');
    await waitFor(() => expect(api.callsTo('item/myList').length).toBeGreaterThan(listCalls));
  });

  it('shares the link with a QR code of it', async () => {
    aliceSite();
    const { user } = renderRoutes('/item/index');
    await card('API docs');

    await choose(user, 'API docs', 'Share');

    const dialog = await screen.findByRole('dialog', { name: 'Share “API docs”' });
    const link = `${window.location.origin}/apidocs`;
    expect(within(dialog).getByRole('link', { name: link })).toBeTruthy();
    const qr = within(dialog).getByRole('img', { name: 'QR code of the link' });
    expect(qr.getAttribute('src')).toBe(`/api/common/qrcode?size=4&url=${encodeURIComponent(link)}`);
    expect(qr.getAttribute('width')).toBe('114');
  });

  it('shows the empty state with a way to create the first project', async () => {
    installFakeApi(guestSite({ 'user/info': ok(alice) }));
    const { user } = renderRoutes('/item/index');

    expect(await screen.findByText('No projects yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create a project' }));
    expect(await screen.findByRole('dialog', { name: 'New project' })).toBeTruthy();
  });
});

describe('search', () => {
  it('does not search for one Latin letter, but does for one Chinese character', async () => {
    const api = aliceSite({
      'item/search': (params: URLSearchParams) =>
        ok({
          items: [],
          pages: [
            searchHit({
              item_id: 1,
              item_name: 'API docs',
              item_domain: 'apidocs',
              page_id: 9,
              page_title: `${params.get('keyword') ?? ''}档说明`,
              search_content: '...关于文档的说明...',
            }),
          ],
        }),
    });
    const { user } = renderRoutes('/item/index');
    await card('API docs');
    const box = screen.getByRole('textbox', { name: 'Search projects and pages' });

    await user.type(box, 'a');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.callsTo('item/search')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'All projects' })).toBeTruthy();

    await user.clear(box);
    await user.type(box, '文');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “文”' })).toBeTruthy();
    const page = await screen.findByRole('link', { name: /文档说明/ });
    expect(page.getAttribute('href')).toBe('/1/9');
    expect(api.callsTo('item/search')).toHaveLength(1);
    expect(api.callsTo('item/search')[0]?.params.get('keyword')).toBe('文');
    expect(api.callsTo('item/search')[0]?.params.has('item_id')).toBe(false);
  });

  it('“/” puts the cursor in the search box', async () => {
    aliceSite();
    const { user } = renderRoutes('/item/index');
    await card('API docs');

    await user.keyboard('/');

    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search projects and pages' }));
    expect((document.activeElement as HTMLInputElement).value).toBe('');
  });
});

describe('groups', () => {
  it('restores the remembered group and remembers a new choice', async () => {
    window.localStorage.setItem('deaultItemGroupId', '5');
    const api = aliceSite();
    const { user } = renderRoutes('/item/index');

    expect(await screen.findByRole('heading', { level: 1, name: 'Backend' })).toBeTruthy();
    await card('Data dictionary');
    expect(screen.queryByRole('link', { name: /API docs/ })).toBeNull();
    expect(api.callsTo('item/myList').map((call) => call.params.get('item_group_id'))).toEqual(['5']);

    await user.click(screen.getByRole('menuitem', { name: 'Starred' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Starred' })).toBeTruthy();
    await card('Handbook');
    expect(window.localStorage.getItem('deaultItemGroupId')).toBe('-1');
  });

  it('falls back to All when the remembered group is gone', async () => {
    window.localStorage.setItem('deaultItemGroupId', '99');
    const api = aliceSite();
    renderRoutes('/item/index');

    expect(await screen.findByRole('heading', { level: 1, name: 'All projects' })).toBeTruthy();
    await card('API docs');
    expect(api.callsTo('item/myList').map((call) => call.params.get('item_group_id'))).toEqual(['0']);
  });

  it('/item/group/index adds a group with its projects; an empty name becomes “default”', async () => {
    const api = aliceSite({ 'itemGroup/save': ok(itemGroup({ id: 6, group_name: 'default', item_ids: '1' })) });
    const { user, location } = renderRoutes('/item/group/index');

    const dialog = await screen.findByRole('dialog', { name: 'Manage groups' });
    expect(await within(dialog).findByText('Backend')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'New group' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Projects in this group' }));
    await user.click(await screen.findByTitle('API docs'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Group saved')).toBeTruthy();
    const saved = api.callsTo('itemGroup/save')[0]?.params;
    expect(saved?.get('group_name')).toBe('default');
    expect(saved?.get('item_ids')).toBe('1');
    expect(saved?.has('id')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(location()).toBe('/item/index'));
  });
});

describe('create-project dialog', () => {
  it('refuses a private project without a visit password, sending nothing; then creates and opens it', async () => {
    const api = aliceSite({ 'item/add': ok({ item_id: 123 }), 'item/info': fail(10101, 'Not found') });
    const { user, location } = renderRoutes('/item/add');

    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.click(within(dialog).getByRole('radio', { name: /Spreadsheet/ }));
    await fill(user, within(dialog).getByLabelText('Project name'), 'Tables');
    await user.click(within(dialog).getByRole('radio', { name: /Private/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Private projects must have an access password set')).toBeTruthy();
    expect(api.callsTo('item/add')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Visit password'), 'open-sesame');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(location()).toBe('/123'));
    expect(Object.fromEntries(api.callsTo('item/add')[0]?.params ?? [])).toEqual({
      item_type: '4',
      item_name: 'Tables',
      item_description: '',
      item_domain: '',
      password: 'open-sesame',
      item_group_id: '0',
    });
  });

  it('checks the personal domain before asking the server', async () => {
    const api = aliceSite();
    const { user } = renderRoutes('/item/add');

    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await fill(user, within(dialog).getByLabelText('Project name'), 'Docs');
    await fill(user, within(dialog).getByLabelText('Personal domain'), 'my-docs');
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByText('Use letters and digits only')).toBeTruthy();
    expect(api.callsTo('item/add')).toHaveLength(0);
  });
});

describe('base info dialog', () => {
  // The server keeps only a hash: a private project's password comes back as a placeholder (KEPT_PASSWORD).
  const detail = itemDetail({ item_id: 1, item_name: 'API docs', item_description: 'REST endpoints', item_domain: 'apidocs', is_private: 1, password: '********' });

  it('leaves the password out when a private project keeps its password', async () => {
    const api = aliceSite({ 'item/detail': ok(detail), 'item/update': ok({ success: true }) });
    const { user } = renderRoutes('/item/index');
    await card('API docs');

    await choose(user, 'API docs', 'Edit base info');
    const dialog = await screen.findByRole('dialog', { name: 'Base info of “API docs”' });
    const name = await within(dialog).findByLabelText('Project name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('API docs'));
    expect(within(dialog).getByText('Leave empty to keep the current password.')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /Private/ }) as HTMLInputElement).checked).toBe(true);
    // The placeholder is neither shown nor sent back.
    expect((within(dialog).getByLabelText('Visit password') as HTMLInputElement).value).toBe('');

    await user.clear(name);
    await user.paste('Public API');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Saved')).toBeTruthy();
    const sent = api.callsTo('item/update')[0]?.params;
    expect(sent?.get('item_name')).toBe('Public API');
    expect(sent?.get('item_domain')).toBe('apidocs');
    expect(sent?.has('password')).toBe(false);
  });

  it('sends an empty password to make the project open, and a new one to change it', async () => {
    const api = aliceSite({ 'item/detail': ok(detail), 'item/update': ok({ success: true }) });
    const { user } = renderRoutes('/item/index');
    await card('API docs');

    await choose(user, 'API docs', 'Edit base info');
    let dialog = await screen.findByRole('dialog', { name: 'Base info of “API docs”' });
    await within(dialog).findByLabelText('Project name');
    await user.click(within(dialog).getByRole('radio', { name: /Open/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('item/update')).toHaveLength(1));
    expect(api.callsTo('item/update')[0]?.params.get('password')).toBe('');

    await choose(user, 'API docs', 'Edit base info');
    dialog = await screen.findByRole('dialog', { name: 'Base info of “API docs”' });
    await fill(user, await within(dialog).findByLabelText('Visit password'), 'new-secret');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('item/update')).toHaveLength(2));
    expect(api.callsTo('item/update')[1]?.params.get('password')).toBe('new-secret');
  });
});

describe('lifecycle dialogs', () => {
  it('delete asks for the login password, then the list comes back after half a second', async () => {
    let deleted = false;
    const api = aliceSite({
      'item/delete': (params: URLSearchParams) => {
        if (params.get('password') !== 'secret') return fail(10208, 'The password is wrong');
        deleted = true;
        return ok({ success: true });
      },
      'item/myList': () => ok(deleted ? [handbook] : [apiDocs, handbook]),
    });
    const { user } = renderRoutes('/item/index');
    await card('API docs');

    await choose(user, 'API docs', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete “API docs”' });
    await fill(user, within(dialog).getByLabelText('Your login password'), 'wrong');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The password is wrong')).toBeTruthy();

    const password = within(dialog).getByLabelText('Your login password');
    await user.clear(password);
    await user.paste('secret');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Project deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: /API docs/ })).toBeNull());
    expect(api.callsTo('item/delete').map((call) => call.params.get('item_id'))).toEqual(['1', '1']);
  });
});
