import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeLogEntry } from '../../api/changeLog';
import { fail, ok } from '../../test/fake-api';
import { findDialog, openManagerTool, pageHeading, readerProject } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';
import { stubNarrowScreen } from '../../test/media';

/** An entry as Folio's `/api/item/getChangeLog` answers it. */
function entry(n: number, overrides: Partial<ChangeLogEntry> = {}): ChangeLogEntry {
  return {
    id: 100 - n,
    uid: 7,
    item_id: 1,
    remark: '',
    username: 'alice',
    name: 'Alice',
    optime: `2026-11-22 10:${String(59 - n).padStart(2, '0')}:00`,
    oper: 'alice(Alice)',
    op_action_type: 'update',
    op_object_type: 'catalog',
    op_action_type_desc: 'Changed',
    op_object_type_desc: 'Catalog',
    op_object_name: `Catalog ${n}`,
    op_object_id: 100,
    ...overrides,
  };
}

const firstPage: ChangeLogEntry[] = [
  // Page 11 is in the menu; page 99 was deleted since.
  entry(0, { oper: 'bob', op_action_type: 'create', op_action_type_desc: 'Created', op_object_type: 'page', op_object_type_desc: 'Page (or API)', op_object_name: 'Getting started', op_object_id: 11 }),
  entry(1, { op_action_type: 'delete', op_action_type_desc: 'Deleted', op_object_type: 'page', op_object_type_desc: 'Page (or API)', op_object_name: 'Gone page', op_object_id: 99 }),
  ...Array.from({ length: 8 }, (_, i) => entry(i + 2)),
];
const secondPage = [entry(10, { op_object_name: 'Oldest catalog' })];

function logSite(answer: unknown = (params: URLSearchParams) => ok({ total: 11, list: params.get('page') === '2' ? secondPage : firstPage })) {
  return readerProject({ role: 'manager', overrides: { 'item/getChangeLog': answer } });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('change log', () => {
  it('shows ten entries a page with who did what, links pages that still exist, and pages on', async () => {
    const api = logSite();
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    await openManagerTool(user, 'Change log');
    const dialog = await findDialog('Change log');
    const table = await within(dialog).findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Time', 'User', 'Action', 'Type', 'Name']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '2026-11-22 10:59:00',
      'bob',
      'Created',
      'Page (or API)',
      'Getting started',
    ]);
    expect(within(table).getByRole('link', { name: 'Getting started' }).getAttribute('href')).toBe('/5/11');
    expect(within(table).getByText('Gone page').closest('a')).toBeNull();
    expect(within(table).getByText('Catalog 2').closest('a')).toBeNull();
    expect(Object.fromEntries(api.callsTo('item/getChangeLog')[0]?.params ?? [])).toEqual({ item_id: '5', page: '1', count: '10' });

    await user.click(within(dialog).getByTitle('2'));

    expect(await within(dialog).findByText('Oldest catalog')).toBeTruthy();
    expect(within(dialog).queryByText('Getting started')).toBeNull();
    expect(Object.fromEntries(api.callsTo('item/getChangeLog')[1]?.params ?? [])).toEqual({ item_id: '5', page: '2', count: '10' });
  });

  it('opens a linked page and closes', async () => {
    logSite();
    const { user, location } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Change log');
    const dialog = await findDialog('Change log');

    await user.click(await within(dialog).findByRole('link', { name: 'Getting started' }));

    await waitFor(() => expect(location()).toBe('/5/11'));
    expect(await pageHeading('Getting started')).toBeTruthy();
    // Motion is off in tests: a closed dialog is gone, or hidden with its wrapper.
    await waitFor(() => expect(!dialog.isConnected || (dialog.closest('.ant-modal-wrap') as HTMLElement | null)?.style.display === 'none').toBe(true));
  });

  it('says so when nothing has been recorded', async () => {
    logSite(ok({ total: 0, list: [] }));
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Change log');
    const dialog = await findDialog('Change log');

    expect(await within(dialog).findByText('No changes have been recorded for this project yet.')).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('shows a refusal in the dialog without leaving the project', async () => {
    logSite(fail(10303, 'You do not have permission'));
    const { user, location } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Change log');
    const dialog = await findDialog('Change log');

    expect((await within(dialog).findByRole('alert')).textContent).toContain('You do not have permission');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(location()).toBe('/5/10');
  });

  it('on a phone lists the entries instead of a wide table', async () => {
    stubNarrowScreen();
    const api = logSite();
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Change log');
    const dialog = await findDialog('Change log');

    const list = await within(dialog).findByRole('list', { name: 'Change log' });
    expect(within(dialog).queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toBe('2026-11-22 10:59:00bobCreated · Page (or API) · Getting started');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Getting started' }).getAttribute('href')).toBe('/5/11');

    await user.click(within(dialog).getByTitle('Next Page'));
    expect(await within(dialog).findByText(/Oldest catalog/)).toBeTruthy();
    expect(api.callsTo('item/getChangeLog').at(-1)?.params.get('page')).toBe('2');
  });
});
