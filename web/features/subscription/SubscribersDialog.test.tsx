import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PageSubscriber } from '../../api/subscription';
import { createQueryClient } from '../../api/query-client';
import { TestProviders } from '../../test/render';
import i18n from '../../i18n';
import { fail, installFakeApi, ok, type FakeHandler } from '../../test/fake-api';
import SubscribersDialog from './SubscribersDialog';

/** `subscription/getPageList` as the server sends it, the page's creator first. */
const bob: PageSubscriber = { id: 1, uid: 8, username: 'bob', name: '', object_id: 10, object_type: 'page', action_type: 'update', sub_time: '2026-11-18 17:02:44' };
const carol: PageSubscriber = { id: 2, uid: 9, username: 'carol', name: '卡罗尔', object_id: 10, object_type: 'page', action_type: 'update', sub_time: '2026-11-20 09:15:00' };
const alice: PageSubscriber = { id: 3, uid: 7, username: 'alice', name: 'Alice', object_id: 10, object_type: 'page', action_type: 'update', sub_time: '2026-11-21 10:00:00' };

function api(overrides: Record<string, FakeHandler | unknown> = {}) {
  return installFakeApi({
    'user/info': ok({ uid: 7, username: 'alice', name: 'Alice', groupid: 2, email: '' }),
    'subscription/getPageList': ok([bob, carol]),
    ...overrides,
  });
}

function show({ canEdit = true }: { canEdit?: boolean } = {}) {
  const onClose = vi.fn<() => void>();
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <SubscribersDialog open itemId={5} pageId={10} canEdit={canEdit} onClose={onClose} />
      </MemoryRouter>
    </TestProviders>,
  );
  return { user, onClose };
}

const names = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Followers' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('strong')?.textContent);

describe('subscribers dialog', () => {
  it('lists the page’s followers by display name with the time they started', async () => {
    const fake = api();
    const { user, onClose } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    expect(await within(dialog).findByText('Following since 2026-11-20 09:15:00')).toBeTruthy();
    expect(names(dialog)).toEqual(['bob', '卡罗尔']);
    expect(Object.fromEntries(fake.callsTo('subscription/getPageList')[0]?.params ?? [])).toEqual({ page_id: '10' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets me follow the page, then marks me as following', async () => {
    let list = [bob];
    const fake = api({
      'subscription/getPageList': () => ok(list),
      'subscription/savePage': () => {
        list = [bob, alice];
        return ok([]);
      },
    });
    const { user } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    await user.click(await within(dialog).findByRole('button', { name: /Follow this page/ }));

    expect(await screen.findByText('You now follow this page')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('subscription/savePage')[0]?.params ?? [])).toEqual({ page_id: '10', uids: '7' });
    await waitFor(() => expect(names(dialog)).toEqual(['bob', 'Alice (you)']));
    expect(within(dialog).queryByRole('button', { name: /Follow this page/ })).toBeNull();
  });

  it('removes a follower', async () => {
    const fake = api({ 'subscription/deletePage': ok([]) });
    const { user } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    await user.click(await within(dialog).findByRole('button', { name: 'Stop 卡罗尔 following this page' }));

    expect(await screen.findByText('卡罗尔 no longer follows this page')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('subscription/deletePage')[0]?.params ?? [])).toEqual({ page_id: '10', uids: '9' });
    expect(names(dialog)).toEqual(['bob']);
  });

  it('shows a refused removal and keeps the follower', async () => {
    api({ 'subscription/deletePage': fail(10303, 'You cannot edit this project') });
    const { user } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    await user.click(await within(dialog).findByRole('button', { name: 'Stop bob following this page' }));
    expect(await screen.findByText('You cannot edit this project')).toBeTruthy();
    expect(names(dialog)).toEqual(['bob', '卡罗尔']);
  });

  it('says so when nobody follows the page, and offers to follow it', async () => {
    api({ 'subscription/getPageList': ok([]) });
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    expect(await within(dialog).findByText('Nobody follows this page yet.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Follow this page/ })).toBeTruthy();
  });

  it('shows that it is loading while the list is on its way', async () => {
    api({ 'subscription/getPageList': () => new Promise(() => undefined) });
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    expect(within(dialog).getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Follow this page/ })).toBeNull();
  });

  it('shows a refused list (a reader who may not manage followers) with a retry', async () => {
    let refuse = true;
    api({ 'subscription/getPageList': () => (refuse ? fail(10303, 'You cannot edit this project') : ok([bob])) });
    const { user } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('You cannot edit this project');
    expect(within(dialog).queryByRole('button', { name: /Follow this page/ })).toBeNull();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('bob')).toBeTruthy();
  });

  it('lets a reader follow the page and stop, without the editors’ tools', async () => {
    let list: PageSubscriber[] = [];
    const fake = api({
      'subscription/getPageList': () => ok(list),
      'subscription/savePage': () => {
        list = [alice];
        return ok([]);
      },
      'subscription/deletePage': () => {
        list = [];
        return ok([]);
      },
    });
    const { user } = show({ canEdit: false });
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    expect(await within(dialog).findByText('Follow the page to get a message when someone saves it with “Save and notify”.')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Add a follower' })).toBeNull();
    expect(within(dialog).queryByText('Nobody follows this page yet.')).toBeNull();
    await user.click(await within(dialog).findByRole('button', { name: /Follow this page/ }));
    await waitFor(() => expect(names(dialog)).toEqual(['Alice (you)']));
    await user.click(within(dialog).getByRole('button', { name: /Stop following/ }));
    expect(await screen.findByText('You no longer follow this page')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('subscription/deletePage')[0]?.params ?? [])).toEqual({ page_id: '10', uids: '7' });
    // A reader is never offered the project's people.
    expect(fake.callsTo('member/getAllList')).toHaveLength(0);
  });

  it('lets an editor add a project member, suggested as the name is typed, leaving out those who follow already', async () => {
    let list = [bob];
    const fake = api({
      'subscription/getPageList': () => ok(list),
      'member/getAllList': ok([
        { item_id: 5, uid: 8, username: 'bob', username_name: 'bob', member_group_id: 2 },
        { item_id: 5, uid: 11, username: 'dave', username_name: 'Dave Lee', member_group_id: 0 },
        { item_id: 5, uid: 12, username: 'dora', username_name: 'dora', member_group_id: 1 },
      ]),
      'subscription/savePage': () => {
        list = [bob, { ...carol, uid: 11, username: 'dave', name: 'Dave Lee' }];
        return ok([]);
      },
    });
    const { user } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    await within(dialog).findByRole('list', { name: 'Followers' });
    const box = within(dialog).getByRole('combobox', { name: 'Add a follower' });
    const option = (text: string) => screen.queryByText(text, { selector: '.ant-select-item-option-content' });
    await user.type(box, 'lee');
    expect(await screen.findByText('Dave Lee (dave)', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(option('dora')).toBeNull();
    await user.clear(box);
    await user.type(box, 'o');
    expect(await screen.findByText('dora', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    // bob follows already.
    expect(option('bob')).toBeNull();
    expect(option('Dave Lee (dave)')).toBeNull();
    await user.clear(box);
    await user.type(box, 'dave');
    await user.click(within(dialog).getByRole('button', { name: /Add/ }));
    expect(await screen.findByText('Dave Lee now follows this page')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('subscription/savePage')[0]?.params ?? [])).toEqual({ page_id: '10', uids: '11' });
    await waitFor(() => expect(names(dialog)).toEqual(['bob', 'Dave Lee']));
  });

  it('asks to pick a project member when the typed name is nobody of the project', async () => {
    const fake = api({ 'member/getAllList': ok([{ item_id: 5, uid: 11, username: 'dave', username_name: 'dave', member_group_id: 0 }]) });
    const { user } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Followers of this page' });
    await within(dialog).findByRole('list', { name: 'Followers' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Add a follower' }), 'stranger');
    await user.click(within(dialog).getByRole('button', { name: /Add/ }));
    expect(await screen.findByText('Choose a project member from the suggestions')).toBeTruthy();
    expect(fake.callsTo('subscription/savePage')).toHaveLength(0);
  });

  it('speaks Chinese when the interface does', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    api();
    show();
    const dialog = await screen.findByRole('dialog', { name: '页面订阅者' });
    expect(await within(dialog).findByText('订阅于 2026-11-18 17:02:44')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '取消 bob 对此页面的订阅' })).toBeTruthy();
  });
});
