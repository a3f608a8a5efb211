import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../../test/fake-api';
import { itemInfo, menuPage, pageInfo, pageLock } from '../../test/project-answers';
import { renderProjectView } from '../../test/render';
import { sheetDraftKey } from './useSheetAutosave';

// The real grid draws on a canvas jsdom has not got: a stand-in shows what it was given and edits on a click.
vi.mock('./SheetGrid', () => {
  let edits = 0;
  return {
    default: ({ book, editable, onChange }: { book: { sheets: { name: string }[] }; editable: boolean; onChange?: (content: string) => void }) => (
      <div data-testid="grid" data-editable={String(editable)}>
        {book.sheets.map((sheet) => sheet.name).join(',')}
        {onChange && (
          <button type="button" onClick={() => onChange(JSON.stringify([{ name: 'edited', rows: { 0: { cells: { 0: { text: '=SUM(1,2)' }, 1: { text: `edit ${++edits}` } } } } }]))}>
            edit-cell
          </button>
        )}
      </div>
    ),
  };
});

/** The grid's code arrives by a lazy import, slow on a busy machine. */
const SLOW = { timeout: 8000 };

const STORED = JSON.stringify([{ name: '2024 销售', rows: { 0: { cells: { 0: { text: '区域' } } }, len: 100 } }]);

function sheetProject(options: { edit?: boolean; manage?: boolean; archived?: boolean; lock?: ReturnType<typeof pageLock>; save?: unknown } = {}) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/info': ok(
        itemInfo({
          item_id: 5,
          item_name: 'Sales sheet',
          item_type: 4,
          item_edit: options.edit ?? true,
          item_manage: options.manage ?? false,
          is_archived: options.archived ? 1 : 0,
          menu: { pages: [menuPage({ page_id: 10, page_title: 'Sales sheet' })], catalogs: [] },
        }),
      ),
      'page/info': ok(pageInfo({ page_id: 10, page_title: 'Sales sheet', item_id: 5, page_content: STORED, version: 3 })),
      'page/isLock': ok(options.lock ?? pageLock()),
      'page/setLock': ok([]),
      'page/save': options.save ?? ((params: URLSearchParams) => ok({ page_id: 10, version: Number(params.get('version')) + 1 })),
    }),
  );
}

describe('the spreadsheet screen', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('takes the lock, saves an edit after a pause with the version it started from, and shows the state', async () => {
    const api = sheetProject();
    const view = renderProjectView('/5');
    expect((await screen.findByTestId('grid', {}, SLOW)).textContent).toContain('2024 销售');
    expect(((await screen.findByTestId('grid', {}, SLOW))).getAttribute('data-editable')).toBe('true');
    await waitFor(() => expect(api.callsTo('page/setLock')).toHaveLength(1));
    await view.user.click(screen.getByRole('button', { name: 'edit-cell' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(1));
    const sent = api.callsTo('page/save')[0]!.params;
    expect(decodeURIComponent(sent.get('page_content')!)).toContain('=SUM(1,2)');
    expect(sent.get('version')).toBe('3');
    expect(sent.get('page_id')).toBe('10');
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('renews the lock every 180 s while open and gives it back on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = sheetProject();
    const view = renderProjectView('/5');
    await screen.findByTestId('grid', {}, SLOW);
    await waitFor(() => expect(api.callsTo('page/setLock')).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(179_000);
    });
    expect(api.callsTo('page/setLock')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(api.callsTo('page/setLock')).toHaveLength(2);
    view.unmount();
    await waitFor(() => expect(api.callsTo('page/setLock').at(-1)!.params.get('lock_to')).toBe('1000'));
  });

  it('never drops an edit made while a save is on its way: the newest content is sent next', async () => {
    let release: () => void = () => undefined;
    const contents: string[] = [];
    let version = 3;
    const api = sheetProject({
      save: (params: URLSearchParams) => {
        contents.push(decodeURIComponent(params.get('page_content')!));
        const answer = ok({ page_id: 10, version: ++version });
        if (contents.length > 1) return answer;
        return new Promise((resolve) => {
          release = () => resolve(answer);
        });
      },
    });
    const view = renderProjectView('/5');
    await view.user.click(await screen.findByRole('button', { name: 'edit-cell' }, SLOW));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(contents).toHaveLength(1));
    await view.user.click(screen.getByRole('button', { name: 'edit-cell' }));
    const second = JSON.parse(contents[0]!) as unknown;
    expect(screen.getByText('Saving…')).toBeTruthy();
    release();
    await waitFor(() => expect(contents).toHaveLength(2));
    expect(contents[1]).not.toBe(JSON.stringify(second));
    expect(contents[1]).toMatch(/edit \d+/);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.callsTo('page/save')[1]!.params.get('version')).toBe('4');
  });

  it('saves at once on Ctrl+S', async () => {
    const api = sheetProject();
    const view = renderProjectView('/5');
    await view.user.click(await screen.findByRole('button', { name: 'edit-cell' }, SLOW));
    await view.user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(1), { timeout: 1000 });
  });

  it('shows a refused save (someone saved meanwhile), keeps the edit as a draft, and does not pretend it saved', async () => {
    sheetProject({ save: fail(10101, 'Someone else saved this page meanwhile (version 4)') });
    const view = renderProjectView('/5');
    await view.user.click(await screen.findByRole('button', { name: 'edit-cell' }, SLOW));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Saving failed: Someone else saved this page meanwhile/)).toBeTruthy();
    expect(screen.getByText('Not saved')).toBeTruthy();
    expect(window.localStorage.getItem(sheetDraftKey(5, 10))).toContain('=SUM(1,2)');
  });

  it('is read-only with a notice naming the holder when someone else holds the lock', async () => {
    const api = sheetProject({ lock: pageLock({ lock: 1, is_cur_user: 0, lock_username: 'bob' }) });
    window.localStorage.setItem(sheetDraftKey(5, 10), JSON.stringify({ title: '', content: '[{"name":"old draft"}]', savedAt: 1 }));
    renderProjectView('/5');
    expect(await screen.findByText(/bob is editing this spreadsheet/)).toBeTruthy();
    expect(((await screen.findByTestId('grid', {}, SLOW))).getAttribute('data-editable')).toBe('false');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(api.callsTo('page/setLock')).toHaveLength(0);
    expect(window.localStorage.getItem(sheetDraftKey(5, 10))).toBeNull();
  });

  it('checks a lock held by someone else again every 30 s and offers "Edit now" once it lapsed, loading their last save first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lock = pageLock({ lock: 1, is_cur_user: 0, lock_username: 'bob' });
    let stored = { content: STORED, version: 3 };
    const api = installFakeApi(
      guestSite({
        'user/info': ok(alice),
        'item/info': ok(itemInfo({ item_id: 5, item_name: 'Sales sheet', item_type: 4, item_edit: true, menu: { pages: [menuPage({ page_id: 10, page_title: 'Sales sheet' })], catalogs: [] } })),
        'page/info': () => ok(pageInfo({ page_id: 10, page_title: 'Sales sheet', item_id: 5, page_content: stored.content, version: stored.version })),
        'page/isLock': () => ok(lock),
        'page/setLock': ok([]),
        'page/save': (params: URLSearchParams) => ok({ page_id: 10, version: Number(params.get('version')) + 1 }),
      }),
    );
    const view = renderProjectView('/5');
    expect(await screen.findByText(/bob is editing this spreadsheet \(holding it since/, {}, SLOW)).toBeTruthy();
    expect((await screen.findByTestId('grid', {}, SLOW)).getAttribute('data-editable')).toBe('false');
    // Still held at the next check: nothing offered.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(api.callsTo('page/isLock')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Edit now' })).toBeNull();
    // bob saved once more, then stopped renewing: his lease ran out.
    stored = { content: JSON.stringify([{ name: 'bob’s last save', rows: { len: 100 } }]), version: 7 };
    lock = pageLock();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(await screen.findByText(/bob is no longer editing/)).toBeTruthy();
    expect(api.callsTo('page/setLock')).toHaveLength(0);
    await view.user.click(screen.getByRole('button', { name: 'Edit now' }));
    const grid = await screen.findByTestId('grid', {}, SLOW);
    await waitFor(() => expect(screen.getByTestId('grid').getAttribute('data-editable')).toBe('true'));
    expect(screen.getByTestId('grid').textContent).toContain('bob’s last save');
    expect(grid).toBeTruthy();
    const taken = api.callsTo('page/setLock');
    expect(taken).toHaveLength(1);
    // A short lease: if this tab stops renewing, the next person waits minutes, not half an hour.
    // The lease is counted on the server's clock (lock_seconds), so a wrong browser clock cannot shorten it.
    expect(taken[0]!.params.get('lock_seconds')).toBe('300');
    // The edit goes on from bob's version, so the server does not refuse it as a stale save.
    await view.user.click(screen.getByRole('button', { name: 'edit-cell' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(1));
    expect(api.callsTo('page/save')[0]!.params.get('version')).toBe('7');
    // No more checks once editing.
    const checks = api.callsTo('page/isLock').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(api.callsTo('page/isLock')).toHaveLength(checks);
  });

  it('checks the lock again when the tab comes back into view, and names a new holder', async () => {
    let lock = pageLock({ lock: 1, is_cur_user: 0, lock_username: 'bob' });
    const api = installFakeApi(
      guestSite({
        'user/info': ok(alice),
        'item/info': ok(itemInfo({ item_id: 5, item_name: 'Sales sheet', item_type: 4, item_edit: true, menu: { pages: [menuPage({ page_id: 10, page_title: 'Sales sheet' })], catalogs: [] } })),
        'page/info': ok(pageInfo({ page_id: 10, page_title: 'Sales sheet', item_id: 5, page_content: STORED, version: 3 })),
        'page/isLock': () => ok(lock),
        'page/setLock': ok([]),
      }),
    );
    renderProjectView('/5');
    expect(await screen.findByText(/bob is editing this spreadsheet/, {}, SLOW)).toBeTruthy();
    lock = pageLock({ lock: 1, is_cur_user: 0, lock_username: 'carol' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByText(/carol is editing this spreadsheet/)).toBeTruthy();
    expect(api.callsTo('page/isLock')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Edit now' })).toBeNull();
  });

  it('shows a read-only member the sheet without editing, toolbar or lock', async () => {
    const api = sheetProject({ edit: false });
    renderProjectView('/5');
    expect((await screen.findByTestId('grid', {}, SLOW)).getAttribute('data-editable')).toBe('false');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'edit-cell' })).toBeNull();
    expect(api.callsTo('page/isLock')).toHaveLength(0);
  });

  it('keeps an archived project read-only and says why', async () => {
    sheetProject({ archived: true });
    renderProjectView('/5');
    expect(await screen.findByText(/archived/)).toBeTruthy();
    expect(((await screen.findByTestId('grid', {}, SLOW))).getAttribute('data-editable')).toBe('false');
  });

  it('offers a differing local draft back; restoring loads and saves it, and the draft is gone', async () => {
    const api = sheetProject();
    const draft = JSON.stringify([{ name: 'from the draft', rows: { len: 100 } }]);
    window.localStorage.setItem(sheetDraftKey(5, 10), JSON.stringify({ title: '', content: draft, savedAt: Date.now() }));
    const view = renderProjectView('/5');
    await view.user.click(await screen.findByRole('button', { name: 'Restore them' }, SLOW));
    expect(((await screen.findByTestId('grid', {}, SLOW))).textContent).toContain('from the draft');
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(1), { timeout: 3000 });
    expect(decodeURIComponent(api.callsTo('page/save')[0]!.params.get('page_content')!)).toBe(draft);
    await waitFor(() => expect(window.localStorage.getItem(sheetDraftKey(5, 10))).toBeNull());
  });

  it('does not offer a draft that equals the saved sheet, and discarding one deletes it', async () => {
    window.localStorage.setItem(sheetDraftKey(5, 10), JSON.stringify({ title: '', content: STORED, savedAt: 1 }));
    sheetProject();
    const first = renderProjectView('/5');
    await screen.findByTestId('grid', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Restore them' })).toBeNull();
    first.unmount();
    window.localStorage.setItem(sheetDraftKey(5, 10), JSON.stringify({ title: '', content: '[{"name":"other draft"}]', savedAt: 1 }));
    const second = renderProjectView('/5');
    await second.user.click(await screen.findByRole('button', { name: 'Discard' }, SLOW));
    expect(window.localStorage.getItem(sheetDraftKey(5, 10))).toBeNull();
    expect(((await screen.findByTestId('grid', {}, SLOW))).textContent).toContain('2024 销售');
  });

  it('shows the auto-save tip until it is dismissed for ever', async () => {
    sheetProject();
    const view = renderProjectView('/5');
    await view.user.click(await screen.findByRole('button', { name: 'Don’t show again' }, SLOW));
    expect(screen.queryByText(/Changes are saved automatically/)).toBeNull();
    view.unmount();
    renderProjectView('/5');
    await screen.findByTestId('grid', {}, SLOW);
    expect(screen.queryByText(/Changes are saved automatically/)).toBeNull();
  });

  it('says so when the page does not hold a sheet', async () => {
    const api = sheetProject();
    api.fetchMock.mockClear();
    installFakeApi({
      ...guestSite({ 'user/info': ok(alice) }),
      'item/info': ok(itemInfo({ item_id: 5, item_name: 'Sales sheet', item_type: 4, item_edit: true, menu: { pages: [menuPage({ page_id: 10, page_title: 'x' })], catalogs: [] } })),
      'page/info': ok(pageInfo({ page_id: 10, page_title: 'x', page_content: '# markdown, not a sheet' })),
    });
    renderProjectView('/5');
    expect(await screen.findByText('The spreadsheet could not be opened')).toBeTruthy();
    await act(async () => undefined);
  });
});
