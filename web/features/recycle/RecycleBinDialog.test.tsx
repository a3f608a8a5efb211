import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { findDialog, openManagerTool, pageHeading, readerProject } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';

/** `recycle/getList` as ShowDoc sends it: numbers as strings, newest deletion first. */
const binRows = [
  { id: 3, item_id: 5, page_id: 31, page_title: 'Old API', del_by_uid: 8, del_by_username: 'bob', del_time: '2026-11-20 09:15:00' },
  { id: 2, item_id: 5, page_id: 30, page_title: 'Draft notes', del_by_uid: 7, del_by_username: 'alice', del_time: '2026-11-18 17:02:44' },
];

const pageTitles = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Recycle bin' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.recycle-bin-title')?.textContent);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('recycle bin', () => {
  it('lists the deleted pages and restores one: the row goes and the project reloads', async () => {
    const api = readerProject({ role: 'manager', overrides: { 'recycle/getList': ok(binRows), 'recycle/recover': ok([]) } });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    await openManagerTool(user, 'Recycle bin');
    const dialog = await findDialog('Recycle bin');
    expect(within(dialog).getByText(/removed for good/)).toBeTruthy();
    expect(await within(dialog).findByText('Deleted by bob at 2026-11-20 09:15:00')).toBeTruthy();
    expect(within(dialog).getByText('Deleted by alice at 2026-11-18 17:02:44')).toBeTruthy();
    expect(pageTitles(dialog)).toEqual(['Old API', 'Draft notes']);
    expect(Object.fromEntries(api.callsTo('recycle/getList')[0]?.params ?? [])).toEqual({ item_id: '5' });
    const menuLoads = api.callsTo('item/info').length;

    await user.click(within(dialog).getByRole('button', { name: 'Restore “Old API”' }));

    expect(await screen.findByText('“Old API” restored')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('recycle/recover')[0]?.params ?? [])).toEqual({ item_id: '5', page_id: '31' });
    expect(pageTitles(dialog)).toEqual(['Draft notes']);
    await waitFor(() => expect(api.callsTo('item/info').length).toBeGreaterThan(menuLoads));
  });

  it('says so when the bin is empty', async () => {
    readerProject({ role: 'manager', overrides: { 'recycle/getList': ok([]) } });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    await openManagerTool(user, 'Recycle bin');
    const dialog = await findDialog('Recycle bin');
    expect(await within(dialog).findByText('The recycle bin is empty.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('shows that it is loading while the list is on its way', async () => {
    readerProject({ role: 'manager', overrides: { 'recycle/getList': () => new Promise(() => undefined) } });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    await openManagerTool(user, 'Recycle bin');
    const dialog = await findDialog('Recycle bin');
    expect(within(dialog).getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });

  it('alerts a refused restore and keeps the page in the list', async () => {
    const api = readerProject({
      role: 'manager',
      overrides: { 'recycle/getList': ok(binRows), 'recycle/recover': fail(10101, 'This page is not in the recycle bin') },
    });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Recycle bin');
    const dialog = await findDialog('Recycle bin');
    const menuLoads = api.callsTo('item/info').length;

    await user.click(await within(dialog).findByRole('button', { name: 'Restore “Draft notes”' }));

    expect(await screen.findByText('This page is not in the recycle bin')).toBeTruthy();
    expect(pageTitles(dialog)).toEqual(['Old API', 'Draft notes']);
    expect(within(dialog).getByRole('button', { name: 'Restore “Draft notes”' })).toBeTruthy();
    expect(api.callsTo('item/info')).toHaveLength(menuLoads);
  });

  it('shows a refused list in the dialog, with a retry', async () => {
    let refuse = true;
    readerProject({
      role: 'manager',
      overrides: { 'recycle/getList': () => (refuse ? fail(10101, 'The bin could not be read') : ok(binRows)) },
    });
    const { user, location } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Recycle bin');
    const dialog = await findDialog('Recycle bin');

    expect((await within(dialog).findByRole('alert')).textContent).toContain('The bin could not be read');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Old API')).toBeTruthy();
    expect(location()).toBe('/5/10');
  });

  it('is not offered to an editor who is not a manager (the server would refuse them)', async () => {
    readerProject({ role: 'editor', overrides: { 'recycle/getList': ok(binRows) } });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    await user.click(screen.getByRole('button', { name: 'More page tools' }));
    const entries = within((await screen.findAllByRole('menu')).at(-1) as HTMLElement)
      .getAllByRole('menuitem')
      .map((entry) => entry.textContent);
    expect(entries).not.toContain('Recycle bin');
  });
});
