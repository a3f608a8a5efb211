import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemInfo } from '../../common/answers/item';
import i18n from '../i18n';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import { fakeMatchMedia } from '../test/media';
import { catalogGroup, itemDetail, itemKey } from '../test/project-answers';
import { projectFive, readerMenu, type ReaderRole } from '../test/reader-project';
import ItemSetting from './ItemSetting';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/item/setting/:itemId': <ItemSetting /> });

const detail = itemDetail({ item_id: 5, item_name: 'Peer Demo', item_description: 'Docs of the peer service', item_domain: 'peer' });

const members = [{ item_member_id: '4', uid: '21', username: 'carol', name: 'Carol', member_group_id: '0', cat_ids: [], cat_name: '', addtime: '2026-11-20 09:00:00' }];
const bin = [{ id: '3', item_id: '5', page_id: '31', page_title: 'Old API', del_by_uid: '8', del_by_username: 'bob', del_time: '2026-11-20 09:15:00' }];

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

function site(role: ReaderRole = 'manager', overrides: Record<string, unknown> = {}, item: Partial<ItemInfo> = {}) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/info': ok({ ...projectFive(readerMenu, role), ...item }),
      'item/detail': ok(detail),
      'item/update': ok([]),
      'item/getKey': ok(itemKey({ item_id: 5, api_key: 'key-123', api_token: 'token-abc' })),
      'member/getList': ok(members),
      'member/getMyAllList': ok([]),
      'catalog/catListGroup': ok([catalogGroup({ cat_id: 100, cat_name: 'Guides' })]),
      'recycle/getList': ok(bin),
      ...overrides,
    }),
  );
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Settings of “Peer Demo”' });
const tab = (name: string) => screen.getByRole('tab', { name });

describe('project settings', () => {
  it('opens on the base info: the saved values, then a rename and a private password reach item/update', async () => {
    const api = site();
    const { user } = renderRoutes('/item/setting/5');
    await heading();
    expect(tab('Base info').getAttribute('aria-selected')).toBe('true');
    const name = (await screen.findByLabelText('Project name')) as HTMLInputElement;
    expect(name.value).toBe('Peer Demo');
    expect(Object.fromEntries(api.callsTo('item/detail')[0]?.params ?? [])).toEqual({ item_id: '5' });

    await user.clear(name);
    await user.type(name, 'Peer Docs');
    await user.click(screen.getByRole('radio', { name: /Private/ }));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    // A private project needs its visit password: nothing is sent without one.
    expect(await screen.findByText('Private projects must have an access password set')).toBeTruthy();
    expect(api.callsTo('item/update')).toHaveLength(0);

    await user.type(screen.getByLabelText('Visit password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('item/update')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('item/update')[0]?.params ?? [])).toMatchObject({ item_id: '5', item_name: 'Peer Docs', item_domain: 'peer', password: 'secret-1' });
  });

  it('each tab shows the panel its dialog shows, and the open tab is in the address', async () => {
    const api = site();
    const { user, location } = renderRoutes('/item/setting/5');
    await heading();

    await user.click(tab('Members'));
    expect(location()).toBe('/item/setting/5?tab=members');
    expect(within(await screen.findByRole('list', { name: 'Members' })).getByText('Carol (carol)')).toBeTruthy();

    await user.click(tab('Open API'));
    expect(location()).toBe('/item/setting/5?tab=openApi');
    expect(await screen.findByText('key-123')).toBeTruthy();
    expect(screen.getByText('token-abc')).toBeTruthy();

    await user.click(tab('Recycle bin'));
    expect(location()).toBe('/item/setting/5?tab=recycleBin');
    expect(await screen.findByText('Deleted by bob at 2026-11-20 09:15:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore “Old API”' })).toBeTruthy();

    await user.click(tab('Base info'));
    expect(location()).toBe('/item/setting/5');
    // Tabs never opened asked nothing; each opened one asked once.
    expect(api.callsTo('member/getList')).toHaveLength(1);
  });

  it('a deep link opens its tab, and only that tab asks the server', async () => {
    const api = site();
    renderRoutes('/item/setting/5?tab=members');
    await heading();
    expect(tab('Members').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Carol (carol)')).toBeTruthy();
    expect(api.callsTo('item/detail')).toHaveLength(0);
    expect(api.callsTo('item/getKey')).toHaveLength(0);
  });

  it('an unknown tab in the address falls back to the base info', async () => {
    site();
    renderRoutes('/item/setting/5?tab=nonsense');
    await heading();
    expect(tab('Base info').getAttribute('aria-selected')).toBe('true');
  });

  it('someone who may read but not manage the project is told so, with the way back, and nothing is asked', async () => {
    const api = site('editor');
    renderRoutes('/item/setting/5');
    expect(await screen.findByText('Only the project’s managers can change its settings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the project' }).getAttribute('href')).toBe('/5');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(api.callsTo('item/detail')).toHaveLength(0);
    expect(api.callsTo('member/getList')).toHaveLength(0);
  });

  it('a project behind its password leads to the password screen, with the way back', async () => {
    site('reader', { 'item/info': fail(10307, 'This project needs its visit password') });
    const { location } = renderRoutes('/item/setting/5?tab=members');
    // The login rule allows no `=` in a return path (seed 000 §5), so the way back is the page without its tab.
    await waitFor(() => expect(location()).toBe('/item/password/5?redirect=/item/setting/5'));
  });

  it('a guest is sent to log in first', async () => {
    installFakeApi(guestSite({ 'item/info': ok(projectFive(readerMenu, 'reader')) }));
    const { location } = renderRoutes('/item/setting/5');
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/item/setting/5'));
  });

  it('an archived project is read-only: no save, members listed without changes, no restore, no new token', async () => {
    site('manager', { 'item/detail': ok({ ...detail, is_archived: 1 }) }, { is_archived: 1 });
    const { user } = renderRoutes('/item/setting/5');
    await heading();
    expect(screen.getByText(/This project is archived/)).toBeTruthy();
    expect(((await screen.findByLabelText('Project name')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();

    await user.click(tab('Members'));
    expect(await screen.findByText(/its members are shown, but nobody can be added/)).toBeTruthy();
    expect(await screen.findByText('Carol (carol)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();

    await user.click(tab('Open API'));
    expect(await screen.findByText('key-123')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reset token/ })).toBeNull();

    await user.click(tab('Recycle bin'));
    expect(await screen.findByText('Old API')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore “Old API”' })).toBeNull();
  });

  it('a project that is gone is not found', async () => {
    site('manager', { 'item/info': fail(10101, 'No such project') });
    renderRoutes('/item/setting/77');
    expect(await screen.findByText('We could not find this page')).toBeTruthy();
  });

  it('a failure to load says so and can be tried again', async () => {
    let answers = 0;
    site('manager', { 'item/info': () => (++answers === 1 ? new Response('down', { status: 502 }) : ok(projectFive(readerMenu, 'manager'))) });
    const { user } = renderRoutes('/item/setting/5');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await heading();
  });

  it('on a phone the tabs sit on top', async () => {
    vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query.includes('max-width')));
    site();
    const { container } = renderRoutes('/item/setting/5');
    await heading();
    expect(container.querySelector('.item-setting-tabs')?.classList.contains('ant-tabs-top')).toBe(true);
  });

  it('on a wide screen the tabs sit on the side', async () => {
    site();
    const { container } = renderRoutes('/item/setting/5');
    await heading();
    expect(container.querySelector('.item-setting-tabs')?.classList.contains('ant-tabs-top')).toBe(false);
  });

  it('reads in Chinese too', async () => {
    site();
    await act(() => i18n.changeLanguage('zh-CN'));
    renderRoutes('/item/setting/5');
    expect(await screen.findByRole('heading', { level: 1, name: '“Peer Demo”的设置' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '成员管理' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '开放 API' })).toBeTruthy();
  });
});
