import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageVersion } from '../../api/history';
import { createQueryClient } from '../../api/query-client';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { historyEntry, itemInfo } from '../../test/project-answers';
import { findDialog, openEditorTool, pageHeading, readerPage, readerProject } from '../../test/reader-project';
import { renderProjectView, TestProviders } from '../../test/render';
import { PageHistory } from './PageHistory';
import PageHistoryDialog from './PageHistoryDialog';

/** `page/history`: newest first, a comment that may be empty. */
const versions: PageVersion[] = [
  historyEntry({
    page_history_id: 42,
    page_id: 10,
    page_title: 'README',
    page_content: '## Setup\n\nRun **npm start** & open `<port>`.',
    page_comments: 'Before the port change',
    author_uid: 8,
    author_username: 'bob',
    addtime: '2026-11-20 09:15:00',
  }),
  historyEntry({
    page_history_id: 41,
    page_id: 10,
    page_title: 'Read me first',
    page_content: 'first draft, see [Getting started](/5/11)',
    page_comments: '',
    author_uid: 7,
    author_username: 'alice',
    addtime: '2026-11-18 17:02:44',
  }),
];

const entries = (dialog: HTMLElement) => within(within(dialog).getByRole('list', { name: 'Saved versions' })).getAllByRole('listitem');

async function openHistory(overrides: Record<string, unknown>) {
  const api = readerProject({ role: 'editor', overrides });
  const { user } = renderProjectView('/5/10');
  await pageHeading('README');
  await openEditorTool(user, 'Page history');
  const dialog = await findDialog('History of “README”');
  return { api, user, dialog };
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('page history dialog', () => {
  it('lists the versions of the page with their time, author and comment', async () => {
    const { api, dialog } = await openHistory({ 'page/history': ok(versions) });

    expect(await within(dialog).findByText('2026-11-20 09:15:00')).toBeTruthy();
    const [newest, older] = entries(dialog) as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('Saved by bob')).toBeTruthy();
    expect(within(newest).getByText('Before the port change')).toBeTruthy();
    expect(within(older).getByText('2026-11-18 17:02:44')).toBeTruthy();
    expect(within(older).getByText('Saved by alice')).toBeTruthy();
    expect(within(older).getByText('No comment')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('page/history')[0]?.params ?? [])).toEqual({ page_id: '10' });
    // Recovering belongs to the editor, not to the reader's menu (seed 001 §6).
    expect(within(dialog).queryByRole('button', { name: /Recover/ })).toBeNull();
  });

  it('says so when the page has no earlier versions', async () => {
    const { dialog } = await openHistory({ 'page/history': ok([]) });
    expect(await within(dialog).findByText(/no earlier versions yet/)).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'Saved versions' })).toBeNull();
  });

  it('shows that it is loading while the list is on its way', async () => {
    const { dialog } = await openHistory({ 'page/history': () => new Promise(() => undefined) });
    expect(within(dialog).getByRole('status', { name: 'Loading…' })).toBeTruthy();
  });

  it('shows a refused list in the dialog, with a retry', async () => {
    let refuse = true;
    const { user, dialog } = await openHistory({ 'page/history': () => (refuse ? fail(10103, 'You may not read this page') : ok(versions)) });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('You may not read this page');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Before the port change')).toBeTruthy();
  });

  it('an editor edits a comment in place: Enter saves it and the list shows it', async () => {
    const { api, user, dialog } = await openHistory({ 'page/history': ok(versions), 'page/updateHistoryComments': ok({ success: true }) });

    await user.click(await within(dialog).findByRole('button', { name: 'Edit the comment of the version of 2026-11-18 17:02:44' }));
    const field = within(dialog).getByRole('textbox', { name: 'Comment of the version of 2026-11-18 17:02:44' });
    expect(document.activeElement).toBe(field);
    await user.type(field, '  First draft, reviewed ✅ {Enter}');

    expect(await screen.findByText('Comment saved')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('page/updateHistoryComments')[0]?.params ?? [])).toEqual({
      page_id: '10',
      page_history_id: '41',
      page_comments: 'First draft, reviewed ✅',
    });
    const older = entries(dialog)[1] as HTMLElement;
    expect(within(older).getByText('First draft, reviewed ✅')).toBeTruthy();
    expect(within(older).queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(within(older).getByRole('button', { name: /Edit the comment/ }));
  });

  it('Esc leaves the comment unchanged and keeps the dialog open; a refused save keeps what was typed', async () => {
    const { api, user, dialog } = await openHistory({
      'page/history': ok(versions),
      'page/updateHistoryComments': fail(10103, 'You cannot edit this project'),
    });

    await user.click(await within(dialog).findByRole('button', { name: 'Edit the comment of the version of 2026-11-20 09:15:00' }));
    const field = within(dialog).getByRole('textbox', { name: /Comment of the version/ }) as HTMLInputElement;
    expect(field.value).toBe('Before the port change');
    await user.type(field, ' (typo){Escape}');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByText('Before the port change')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'History of “README”' })).toBeTruthy();
    expect(api.callsTo('page/updateHistoryComments')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Edit the comment of the version of 2026-11-20 09:15:00' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Comment of the version/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comment of the version/ }), 'Port 4999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You cannot edit this project')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Comment of the version/ }) as HTMLInputElement).value).toBe('Port 4999');
  });

  it('previews a version rendered as the reader renders pages, and goes back to the list', async () => {
    const { user, dialog } = await openHistory({ 'page/history': ok(versions) });

    await user.click(await within(dialog).findByRole('button', { name: 'Preview the version of 2026-11-20 09:15:00' }));
    const preview = within(dialog).getByRole('region', { name: 'Version of 2026-11-20 09:15:00' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Setup' })).toBeTruthy();
    expect(within(preview).getByText('npm start').tagName).toBe('STRONG');
    expect(within(preview).getByText('<port>').tagName).toBe('CODE');
    expect(within(preview).getByText('Comment: Before the port change')).toBeTruthy();
    expect(document.activeElement).toBe(within(preview).getByRole('heading', { level: 3 }));

    await user.click(within(preview).getByRole('button', { name: 'Back to the versions' }));
    expect(entries(dialog)).toHaveLength(2);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Preview the version of 2026-11-20 09:15:00' }));

    // A version saved under another title says so.
    await user.click(within(dialog).getByRole('button', { name: 'Preview the version of 2026-11-18 17:02:44' }));
    expect(within(dialog).getByText('Title at the time: “Read me first”')).toBeTruthy();
  });

  it('“compare with current” opens the comparison of that version in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, dialog } = await openHistory({ 'page/history': ok(versions) });

    await user.click(await within(dialog).findByRole('button', { name: 'Compare with current: the version of 2026-11-18 17:02:44' }));
    expect(open).toHaveBeenCalledWith('/page/diff/10/41', '_blank', 'noopener');

    await user.click(within(dialog).getByRole('button', { name: 'Preview the version of 2026-11-20 09:15:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Compare with current: the version of 2026-11-20 09:15:00' }));
    expect(open).toHaveBeenLastCalledWith('/page/diff/10/42', '_blank', 'noopener');
  });
});

describe('PageHistory on its own, as the editor will use it', () => {
  function renderHistory(props: Partial<Parameters<typeof PageHistory>[0]> = {}) {
    const user = userEvent.setup();
    render(
      <TestProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <PageHistory pageId={10} canEditComments={false} {...props} />
        </MemoryRouter>
      </TestProviders>,
    );
    return user;
  }

  it('offers “recover this version” on each version and in the preview when asked to', async () => {
    installFakeApi({ 'page/history': ok(versions) });
    const onRecover = vi.fn();
    const user = renderHistory({ onRecover });

    await user.click(await screen.findByRole('button', { name: 'Recover this version: 2026-11-18 17:02:44' }));
    expect(onRecover).toHaveBeenCalledWith(versions[1]);

    await user.click(screen.getByRole('button', { name: 'Preview the version of 2026-11-20 09:15:00' }));
    await user.click(screen.getByRole('button', { name: 'Recover this version: 2026-11-20 09:15:00' }));
    expect(onRecover).toHaveBeenLastCalledWith(versions[0]);
  });

  it('the dialog closes when a link inside a previewed version leads elsewhere', async () => {
    installFakeApi({ 'page/history': ok(versions) });
    const user = userEvent.setup();
    const onClose = vi.fn();
    const item = itemInfo({ item_id: 5, item_name: 'Peer Demo', item_edit: true });
    render(
      <TestProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/5/10']}>
          <PageHistoryDialog open context={{ itemRef: '5', item, page: readerPage(10) }} onClose={onClose} onChanged={() => undefined} />
        </MemoryRouter>
      </TestProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Preview the version of 2026-11-18 17:02:44' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Getting started' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers no comment editing to someone who may not edit', async () => {
    installFakeApi({ 'page/history': ok(versions) });
    renderHistory();
    await screen.findByText('Before the port change');
    expect(screen.queryByRole('button', { name: /Edit the comment/ })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
  });
});
