import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../../test/fake-api';
import { listItem } from '../../test/items';
import { itemKey } from '../../test/project-answers';
import ItemIndex from '../../routes/ItemIndex';
import { renderScreen } from '../../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/item/index': <ItemIndex /> });

const apiDocs = listItem({ item_id: 1, item_name: 'API docs', is_private: 1 });
const handbook = listItem({ item_id: 2, item_name: 'Handbook' });
const archived = listItem({ item_id: 3, item_name: 'Old docs', is_archived: 1 });

function site(overrides: Record<string, unknown> = {}) {
  return installFakeApi(guestSite({ 'user/info': ok(alice), 'item/myList': ok([apiDocs, handbook, archived]), ...overrides }));
}

async function choose(user: ReturnType<typeof renderRoutes>['user'], project: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${project}` }));
  const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
  await user.click(within(menu).getByRole('menuitem', { name: action }));
}

describe('copy dialog', () => {
  it('a private copy needs its own visit password; nothing is sent without one', async () => {
    const api = site({ 'item/add': ok({ item_id: 50 }) });
    const { user } = renderRoutes('/item/index');

    await choose(user, 'API docs', 'Copy project');
    const dialog = await screen.findByRole('dialog', { name: 'Copy “API docs”' });
    expect((within(dialog).getByLabelText('Project name') as HTMLInputElement).value).toBe('API docs (copy)');
    // The source is private, so the copy starts private.
    expect((within(dialog).getByRole('radio', { name: /Private/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Private projects must have an access password set')).toBeTruthy();
    expect(api.callsTo('item/add')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: /Open/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Project copied')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('item/add')[0]?.params ?? [])).toEqual({
      copy_item_id: '1',
      item_name: 'API docs (copy)',
      item_description: '',
      password: '',
    });
  });
});

describe('open API key dialog', () => {
  it('shows the key and token, explains the API, and issues a new token', async () => {
    const api = site({
      'item/getKey': ok(itemKey({ item_id: 2, api_key: 'key-123', api_token: 'token-abc' })),
      'item/resetKey': ok(itemKey({ item_id: 2, api_key: 'key-123', api_token: 'token-new' })),
    });
    const { user } = renderRoutes('/item/index');

    await choose(user, 'Handbook', 'Open API key');
    const dialog = await screen.findByRole('dialog', { name: 'Open API of “Handbook”' });
    expect(await within(dialog).findByText('key-123')).toBeTruthy();
    expect(within(dialog).getByText('token-abc')).toBeTruthy();
    expect(within(dialog).getByText(/\/server\/index\.php\?s=\/api\/open\/updatePage/)).toBeTruthy();
    expect(within(dialog).getByText('page_content')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Reset token' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Reset token' }));

    expect(await within(dialog).findByText('token-new')).toBeTruthy();
    expect(api.callsTo('item/resetKey')[0]?.params.get('item_id')).toBe('2');
  });

  it('an archived project shows its key but cannot reset it', async () => {
    site({ 'item/getKey': ok(itemKey({ item_id: 3, api_key: 'k', api_token: 't' })) });
    const { user } = renderRoutes('/item/index');

    await choose(user, 'Old docs', 'Open API key');
    const dialog = await screen.findByRole('dialog', { name: 'Open API of “Old docs”' });
    expect(await within(dialog).findByText('k')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reset token' })).toBeNull();
  });
});

describe('transfer and archive', () => {
  it('transfer sends the receiver and the login password; a wrong username is alerted', async () => {
    const api = site({
      'item/attorn': (params: URLSearchParams) => (params.get('username') === 'bob' ? ok({}) : fail(10209, 'No such user')),
    });
    const { user } = renderRoutes('/item/index');

    await choose(user, 'Handbook', 'Transfer');
    const dialog = await screen.findByRole('dialog', { name: 'Transfer “Handbook”' });
    await user.type(within(dialog).getByLabelText('Username of the new owner'), 'nobody');
    await user.type(within(dialog).getByLabelText('Your login password'), 'secret{Enter}');
    expect(await screen.findByText('No such user')).toBeTruthy();

    const username = within(dialog).getByLabelText('Username of the new owner');
    await user.clear(username);
    await user.type(username, ' bob {Enter}');

    expect(await screen.findByText('Project transferred')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('item/attorn')[1]?.params ?? [])).toEqual({ item_id: '2', username: 'bob', password: 'secret' });
  });

  it('archive needs the login password before asking the server', async () => {
    const api = site({ 'item/archive': ok({ success: true }) });
    const { user } = renderRoutes('/item/index');

    await choose(user, 'Handbook', 'Archive');
    const dialog = await screen.findByRole('dialog', { name: 'Archive “Handbook”' });
    expect(within(dialog).getByText(/cannot be unarchived/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('Enter your login password')).toBeTruthy();
    expect(api.callsTo('item/archive')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your login password'), 'secret{Enter}');
    expect(await screen.findByText('Project archived')).toBeTruthy();
  });

  it('the delete button stops spinning after 5 seconds even when the server never answers', async () => {
    site({ 'item/delete': () => new Promise(() => undefined) });
    const { user } = renderRoutes('/item/index');

    await choose(user, 'Handbook', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Handbook”' });
    await user.type(within(dialog).getByLabelText('Your login password'), 'secret');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const button = within(dialog).getByRole('button', { name: /Delete/ });
    await waitFor(() => expect(button.className).toContain('ant-btn-loading'));

    await vi.advanceTimersByTimeAsync(5000);

    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
  });
});

describe('leave', () => {
  it('a member confirms, leaves, and the list reloads', async () => {
    let left = false;
    const member = listItem({ item_id: 8, item_name: 'Shared', creator: 0, manage: 0 });
    const api = installFakeApi(
      guestSite({
        'user/info': ok(alice),
        'item/myList': () => ok(left ? [] : [member]),
        'item/exitItem': () => {
          left = true;
          return ok({});
        },
      }),
    );
    const { user } = renderRoutes('/item/index');

    await choose(user, 'Shared', 'Leave project');
    const confirm = await screen.findByRole('dialog', { name: 'Leave “Shared”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));

    expect(await screen.findByText('You have left “Shared”')).toBeTruthy();
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(api.callsTo('item/exitItem')[0]?.params.get('item_id')).toBe('8');
  });
});

describe('drag to reorder', () => {
  /** jsdom lays nothing out: give each card a place in a row so the keyboard sensor can move between them. */
  function layOutCards() {
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this instanceof HTMLLIElement && this.classList.contains('item-card')) {
        const index = Array.prototype.indexOf.call(this.parentElement?.children ?? [], this);
        const left = index * 250;
        return { x: left, y: 0, left, top: 0, right: left + 230, bottom: 150, width: 230, height: 150, toJSON: () => ({}) } as DOMRect;
      }
      return original.call(this);
    });
  }

  it('saves the new order for the group', async () => {
    layOutCards();
    const api = site({ 'item/sort': ok([]) });
    const { user } = renderRoutes('/item/index');

    const handle = await screen.findByRole('button', { name: 'Move API docs' });
    handle.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowRight]');
    await user.keyboard('[Space]');

    await waitFor(() => expect(api.callsTo('item/sort')).toHaveLength(1));
    const sent = api.callsTo('item/sort')[0]?.params;
    expect(JSON.parse(sent?.get('data') ?? '{}')).toEqual({ '2': 1, '1': 2, '3': 3 });
    expect(sent?.get('item_group_id')).toBe('0');
    const names = screen.getAllByRole('link').map((link) => link.textContent ?? '');
    expect(names.findIndex((name) => name.includes('Handbook'))).toBeLessThan(names.findIndex((name) => name.includes('API docs')));
  });

  it('when saving the order fails, alerts and loads the list again', async () => {
    layOutCards();
    const api = site({ 'item/sort': fail(10101, 'The order could not be saved') });
    const { user } = renderRoutes('/item/index');

    const handle = await screen.findByRole('button', { name: 'Move API docs' });
    const loads = api.callsTo('item/myList').length;
    handle.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowRight]');
    await user.keyboard('[Space]');

    expect(await screen.findByText('The order could not be saved')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('item/myList').length).toBe(loads + 1));
    await waitFor(() => {
      const names = screen.getAllByRole('link').map((link) => link.textContent ?? '');
      expect(names.findIndex((name) => name.includes('API docs'))).toBeLessThan(names.findIndex((name) => name.includes('Handbook')));
    });
  });

  it('there is nothing to drag while searching', async () => {
    site({ 'item/search': ok({ items: [{ item_id: 1, item_name: 'API docs', item_domain: '', item_type: 1, item_description: '' }], pages: [] }) });
    const { user } = renderRoutes('/item/index');
    await screen.findByRole('button', { name: 'Move API docs' });

    await user.type(screen.getByRole('textbox', { name: 'Search projects and pages' }), 'api');

    expect(await screen.findByRole('heading', { level: 2, name: 'Projects' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});
