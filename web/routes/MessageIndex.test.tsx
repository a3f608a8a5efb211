import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import MessageIndex from './MessageIndex';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/message/index': <MessageIndex /> });

const reminder = (id: number, status: number, pageTitle: string | null) => ({
  id,
  from_uid: 9,
  from_name: 'bob',
  message_content_id: 100 + id,
  message_content: `Note ${id}`,
  object_type: 'page',
  object_id: 30 + id,
  status,
  addtime: '2026-11-23 10:00:00',
  // Left out when the page is gone or no longer readable.
  ...(pageTitle ? { page_data: { item_id: 5, page_id: 30 + id, cat_id: 0, page_title: pageTitle } } : {}),
});

function site(overrides: Record<string, unknown> = {}) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'message/getUnread': ok({ remind: [], announce: [], remind_count: 0 }),
      'message/getRemindList': ok({ total: 2, list: [reminder(1, 0, 'Refunds'), reminder(2, 1, null)] }),
      'message/getAnnouncementList': ok([{ id: 7, from_uid: 1, message_content_id: 7, message_content: 'Maintenance on Sunday', addtime: '2026-11-20 08:00:00', status: 0 }]),
      ...overrides,
    }),
  );
}

describe('the messages screen', () => {
  it('lists reminders with links to their pages, marking the unread ones', async () => {
    const api = site();
    renderRoutes('/message/index');
    const list = await screen.findByRole('list', { name: 'Reminders' });
    expect(within(list).getByRole('link', { name: 'Refunds' }).getAttribute('href')).toBe('/5/31');
    expect(within(list).getByText('bob updated a page you can no longer open')).toBeTruthy();
    expect(within(list).getAllByText('New')).toHaveLength(1);
    expect(Object.fromEntries(api.callsTo('message/getRemindList')[0]?.params ?? [])).toEqual({ page: '1', count: '5' });
  });

  it('shows announcements on their tab, chosen by the address', async () => {
    site();
    renderRoutes('/message/index?dtab=announcementList');
    const list = await screen.findByRole('list', { name: 'Announcements' });
    expect(within(list).getByText('Maintenance on Sunday')).toBeTruthy();
  });

  it('shows an announcement formatted as HTML, and nothing in it runs', async () => {
    const html = '<p>Maintenance on <strong>Sunday</strong></p><img src="x" onerror="window.hacked=1"><a href="javascript:alert(1)">more</a>';
    site({ 'message/getAnnouncementList': ok([{ id: 8, from_uid: 1, message_content_id: 8, message_content: html, addtime: '2026-11-20 08:00:00', status: 1 }]) });
    renderRoutes('/message/index?dtab=announcementList');
    const list = await screen.findByRole('list', { name: 'Announcements' });
    expect(within(list).getByText('Sunday').tagName).toBe('STRONG');
    expect(list.querySelector('img')).toBeNull();
    expect(list.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect(list.textContent).not.toContain('<p>');
  });

  it('says when there is nothing', async () => {
    site({ 'message/getRemindList': ok({ total: 0, list: [] }) });
    renderRoutes('/message/index');
    expect(await screen.findByText(/No reminders yet/)).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let calls = 0;
    site({ 'message/getRemindList': () => (++calls === 1 ? fail(10500, 'Something went wrong on the server') : ok({ total: 0, list: [] })) });
    const { user } = renderRoutes('/message/index');
    await user.click(await screen.findByRole('button', { name: /Try again/ }));
    await waitFor(() => expect(screen.getByText(/No reminders yet/)).toBeTruthy());
  });

  it('sends guests to log in first', async () => {
    installFakeApi(guestSite());
    const { location } = renderRoutes('/message/index');
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/message/index'));
  });
});
