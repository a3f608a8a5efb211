import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PageEdit from '../../routes/PageEdit';
import { ok } from '../../test/fake-api';
import { pageLock } from '../../test/project-answers';
import { readerPage, readerProject } from '../../test/reader-project';
import { renderScreen } from '../../test/render';

/**
 * Habits people bring from other markdown editors: Enter ends an empty list item, and after any tool
 * dialog the text has the focus again, so typing and Ctrl+S go on where they were.
 */
const renderEditor = () => renderScreen('/page/edit/5/11', { '/page/edit/:itemId/:pageId': <PageEdit /> });

function editorOf(content: string) {
  return readerProject({
    role: 'editor',
    overrides: {
      'page/info': ok({ ...readerPage(11), page_content: content }),
      'page/isLock': ok(pageLock()),
      'page/setLock': ok({ id: 1 }),
      'catalog/getDefaultCat': ok({ default_cat_id: 0 }),
      'catalog/catListGroup': ok([]),
      'page/save': ok({ page_id: 11, version: 2 }),
    },
  });
}

const content = () => document.querySelector<HTMLElement>('.cm-content');
const lines = () => Array.from(document.querySelectorAll('.cm-line'), (line) => line.textContent);
const key = (target: Element, init: KeyboardEventInit) => fireEvent.keyDown(target, init);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.localStorage.clear();
});
afterEach(() => window.localStorage.clear());

describe('the page editor’s habits', () => {
  it('continues a list item with text on Enter, and ends the list on Enter in the empty item', async () => {
    editorOf('- first');
    renderEditor();
    await waitFor(() => expect(lines()).toEqual(['- first']));
    const text = content() as HTMLElement;
    key(text, { key: 'End', code: 'End', ctrlKey: true });
    key(text, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(lines()).toEqual(['- first', '- ']));
    key(text, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(lines()).toEqual(['- first', '']));
  });

  it('gives the text the focus back after a tool dialog closes, and Ctrl+S saves', async () => {
    const api = editorOf('Some text');
    const { user } = renderEditor();
    await waitFor(() => expect(lines()).toEqual(['Some text']));

    for (const [menu, entry, dialogTitle, closeWith] of [
      ['Format tools', 'JSON to parameter table', 'JSON to parameter table', 'Cancel'],
      ['Doc tools', 'History versions', 'History versions', 'Close'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: new RegExp(menu) }));
      await user.click(await screen.findByRole('menuitem', { name: entry }, { timeout: 5000 }));
      // (Every id is the same in these tests, so a dialog is found by its title's text, not its name.)
      const title = await screen.findByText(dialogTitle, { selector: '.ant-modal-title' }, { timeout: 5000 });
      const dialog = title.closest('[role="dialog"]') as HTMLElement;
      await user.click(within(dialog).getByRole('button', { name: closeWith }));
      await waitFor(() => expect(document.activeElement).toBe(content()), { timeout: 5000 });
    }

    await act(async () => {
      key(document.activeElement ?? document.body, { key: 's', code: 'KeyS', ctrlKey: true });
    });
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(1), { timeout: 5000 });

    // With the focus outside the text (here: nowhere), Ctrl+S still saves, never the browser's "Save page as".
    expect(await screen.findByText('Saved', undefined, { timeout: 5000 })).toBeTruthy();
    (document.activeElement as HTMLElement | null)?.blur();
    const press = new KeyboardEvent('keydown', { key: 's', code: 'KeyS', ctrlKey: true, bubbles: true, cancelable: true });
    await act(async () => {
      document.body.dispatchEvent(press);
    });
    expect(press.defaultPrevented).toBe(true);
    await waitFor(() => expect(api.callsTo('page/save')).toHaveLength(2), { timeout: 5000 });
  });
});
