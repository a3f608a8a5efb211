import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guestSite, installFakeApi, ok, fail } from '../../test/fake-api';
import { findDialog, pageHeading, readerProject, projectFive, readerMenu, readerPage } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('following a page from the reader', () => {
  it('a read-only member finds “Follow” on the page and follows it for themselves', async () => {
    let following = false;
    const api = readerProject({
      role: 'reader',
      overrides: {
        'subscription/getPageList': () =>
          ok(following ? [{ id: 1, uid: 7, username: 'alice', name: 'Alice', object_id: 10, object_type: 'page', action_type: 'update', sub_time: '2026-11-21 10:00:00' }] : []),
        'subscription/savePage': () => {
          following = true;
          return ok([]);
        },
      },
    });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    const dialog = await findDialog('Followers of this page');
    await user.click(await within(dialog).findByRole('button', { name: /Follow this page/ }));
    await waitFor(() => expect(api.callsTo('subscription/savePage')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('subscription/savePage')[0]?.params ?? [])).toEqual({ page_id: '10', uids: '7' });
    expect(await within(dialog).findByText('Alice (you)')).toBeTruthy();
    expect(api.callsTo('member/getAllList')).toHaveLength(0);
  });

  it('is not offered to a guest, who has no account to be told', async () => {
    installFakeApi(
      guestSite({
        'user/info': fail(10102, 'You are not logged in'),
        'item/info': ok(projectFive(readerMenu, 'reader')),
        'page/info': ok(readerPage(10)),
      }),
    );
    renderProjectView('/5/10');
    await pageHeading('README');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });
});
