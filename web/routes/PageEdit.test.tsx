import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '../features/editor/page-draft';
import { fail, ok } from '../test/fake-api';
import { catalogGroup, historyEntry, pageLock } from '../test/project-answers';
import { readerProject } from '../test/reader-project';
import PageEdit from './PageEdit';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/page/edit/:itemId/:pageId': <PageEdit /> });

const freeLock = pageLock();

/** Ctrl+S inside the text, as a person presses it. */
function pressSave() {
  const content = document.querySelector('.cm-content');
  if (!content) throw new Error('no editor');
  fireEvent.keyDown(content, { key: 's', code: 'KeyS', ctrlKey: true });
}

/** What the editor asks on opening: who holds the page, where it starts, which catalogs there are. */
function editorProject(overrides: Record<string, unknown> = {}) {
  return readerProject({
    role: 'editor',
    overrides: {
      'page/isLock': ok(freeLock),
      'page/setLock': ok({ id: 1 }),
      'catalog/getDefaultCat': ok({ default_cat_id: 0 }),
      'catalog/catListGroup': ok([]),
      ...overrides,
    },
  });
}

const editorText = () => document.querySelector('.cm-content')?.textContent ?? '';
const params = (call: { params: URLSearchParams } | undefined) => Object.fromEntries(call?.params ?? []);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.localStorage.clear();
});
afterEach(() => window.localStorage.clear());

describe('the page editor', () => {
  it('opens a saved page with its title, catalog and text, takes the lock and saves with Ctrl+S', async () => {
    const api = editorProject({
      'catalog/getDefaultCat': ok({ default_cat_id: 100 }),
      'catalog/catListGroup': ok([catalogGroup({ cat_id: 100, cat_name: 'Guides' })]),
      'page/save': ok({ page_id: 11, version: 4 }),
    });
    const { user } = renderRoutes('/page/edit/5/11');
    expect(await screen.findByRole('button', { name: 'Title: Getting started (click to edit)' })).toBeTruthy();
    await waitFor(() => expect(editorText()).toContain('Text of Getting started'));
    await waitFor(() => expect(api.callsTo('page/setLock')).toHaveLength(1));
    expect(params(api.callsTo('page/setLock')[0])).toEqual({ item_id: '5', page_id: '11', lock_seconds: '180' });

    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(editorText()).toContain('**bold text**'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    pressSave();
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(1));
    const sent = params(api.callsTo('page/save')[0]);
    expect(sent).toMatchObject({ page_id: '11', item_id: '5', cat_id: '100', page_title: 'Getting started', is_urlencode: '1' });
    expect(decodeURIComponent(sent.page_content ?? '')).toContain('**bold text**');
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('names who holds the page and since when, and leaves for the page when asked to', async () => {
    const since = Date.UTC(2026, 10, 26, 9, 5) / 1000;
    const api = editorProject({
      'page/isLock': ok(pageLock({ lock: 1, lock_uid: 9, lock_username: 'bob', lock_since: since, lock_until: since + 180 })),
    });
    const { user, location } = renderRoutes('/page/edit/5/10');
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getAllByText('bob is editing this page').length).toBeGreaterThan(0);
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(since * 1000));
    expect(within(alert).getByText(`bob has been editing this page since ${time}.`)).toBeTruthy();
    expect(api.callsTo('page/setLock')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Back to the page' }));
    await waitFor(() => expect(location()).toBe('/5/10'));
    expect(api.callsTo('page/takeOverLock')).toHaveLength(0);
  });

  it('takes the page over from its holder when asked to, and stays in the editor', async () => {
    const api = editorProject({
      'page/isLock': ok(pageLock({ lock: 1, lock_uid: 9, lock_username: 'bob', lock_since: 1_790_000_000, lock_until: 1_790_000_180 })),
      'page/takeOverLock': ok({ id: 3 }),
    });
    const { user, location } = renderRoutes('/page/edit/5/10');
    const alert = await screen.findByRole('dialog');
    await user.click(within(alert).getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(api.callsTo('page/takeOverLock')).toHaveLength(1));
    expect(params(api.callsTo('page/takeOverLock')[0])).toEqual({ item_id: '5', page_id: '10', lock_seconds: '180' });
    expect(await screen.findByText('You are editing this page now')).toBeTruthy();
    expect(location()).toBe('/page/edit/5/10');
  });

  it('tells a read-only member they cannot edit, and sends nothing', async () => {
    const api = readerProject({ role: 'reader' });
    renderRoutes('/page/edit/5/10');
    expect(await screen.findByText(/You can read this project but not edit it/)).toBeTruthy();
    expect(api.callsTo('page/setLock')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to the project' }).getAttribute('href')).toBe('/5');
  });

  it('saves a new page, then goes on editing it under its new address without loading it again', async () => {
    const api = editorProject({
      'page/save': ok({ page_id: 77, version: 1 }),
    });
    const { user, location } = renderRoutes('/page/edit/5/0');
    const title = await screen.findByRole('textbox', { name: 'Page title' });
    await user.type(title, 'Deploy{Enter}');
    await user.click(screen.getByRole('button', { name: 'Heading 2' }));
    pressSave();
    await waitFor(() => expect(location()).toBe('/page/edit/5/77'));
    expect(params(api.callsTo('page/save')[0])).toMatchObject({ page_id: '0', page_title: 'Deploy' });
    expect(api.callsTo('page/info').filter((call) => call.params.get('page_id') === '77')).toHaveLength(0);
    // The saved page is locked like any other.
    await waitFor(() => expect(params(api.callsTo('page/setLock').at(-1))).toEqual({ item_id: '5', page_id: '77', lock_seconds: '180' }));
    expect(editorText()).toContain('## Heading');
  });

  it('saves a new page into the catalog its address names (the tree menu’s “new page here”)', async () => {
    const api = editorProject({
      'catalog/getDefaultCat': ok({ default_cat_id: 0 }),
      'catalog/catListGroup': ok([catalogGroup({ cat_id: 100, cat_name: 'Guides' })]),
      'page/save': ok({ page_id: 78, version: 1 }),
    });
    const { user } = renderRoutes('/page/edit/5/0?cat_id=100');
    await user.type(await screen.findByRole('textbox', { name: 'Page title' }), 'Deploy{Enter}');
    await user.click(screen.getByRole('button', { name: 'Heading 2' }));
    pressSave();
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(1));
    expect(params(api.callsTo('page/save')[0])).toMatchObject({ page_id: '0', cat_id: '100', page_title: 'Deploy' });
  });

  it('refuses to save an empty page and says why', async () => {
    const api = editorProject();
    renderRoutes('/page/edit/5/0');
    await screen.findByRole('textbox', { name: 'Page title' });
    pressSave();
    expect(await screen.findByText('The page is empty. Write something before saving.')).toBeTruthy();
    expect(api.callsTo('page/save')).toHaveLength(0);
  });

  it('shows the server’s reason when a save is refused, and keeps the text', async () => {
    editorProject({
      'page/save': fail(10101, 'bob saved version 5 of this page meanwhile'),
    });
    const { user } = renderRoutes('/page/edit/5/10');
    await waitFor(() => expect(editorText()).toContain('Text of README'));
    await user.click(screen.getByRole('button', { name: 'Italic' }));
    pressSave();
    expect(await screen.findByText('bob saved version 5 of this page meanwhile')).toBeTruthy();
    expect(editorText()).toContain('*italic text*');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('offers back a draft that differs from the saved page', async () => {
    window.localStorage.setItem(draftKey(5, 10), JSON.stringify({ title: 'README', content: 'Text of README, and a paragraph never saved.', savedAt: Date.now() - 60_000 }));
    editorProject();
    const { user } = renderRoutes('/page/edit/5/10');
    const body = await screen.findByText(/differs from the saved page/);
    const offer = body.closest('[role="dialog"]') as HTMLElement;
    await user.click(within(offer).getByRole('button', { name: 'Restore draft' }));
    await waitFor(() => expect(editorText()).toContain('a paragraph never saved'));
  });

  it('recovers an earlier version into the editor from the history, saved only when the person saves', async () => {
    const api = editorProject({
      'page/history': ok([
        historyEntry({ page_history_id: 4, page_id: 10, page_title: 'README', page_content: 'The text as it was last week', author_uid: 8, author_username: 'bob', addtime: '2026-11-16 09:00:00' }),
      ]),
    });
    const { user } = renderRoutes('/page/edit/5/10');
    await waitFor(() => expect(editorText()).toContain('Text of README'));
    await user.click(screen.getByRole('button', { name: /Doc tools/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'History versions' }));
    await user.click(await screen.findByRole('button', { name: 'Recover this version: 2026-11-16 09:00:00' }));
    const confirm = (await screen.findByText(/Nothing is saved until you press Save/)).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Recover' }));
    await waitFor(() => expect(editorText()).toBe('The text as it was last week'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(api.callsTo('page/save')).toHaveLength(0);
  });
});
