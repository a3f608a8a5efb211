import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageComparison } from '../api/history';
import { alice, fail, guestSite, installFakeApi, ok, type FakeHandler } from '../test/fake-api';
import { historyRow, pageRow } from '../test/project-answers';
import PageDiff from './PageDiff';
import { renderScreen } from '../test/render';
import { stubNarrowScreen } from '../test/media';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/page/diff/:pageId/:historyId': <PageDiff /> });

const unchanged = Array.from({ length: 30 }, (_, index) => `Unchanged line ${index + 1}`);

/** `page/diff` of transcript 26: raw rows, unix-second times; bodies as written. */
function comparison(historyContent: string, currentContent: string): PageComparison {
  return {
    page: pageRow({ page_id: 11, page_title: 'Getting started', page_content: currentContent, addtime: 1795350253 }),
    history_page: historyRow({
      page_history_id: 3,
      page_id: 11,
      page_title: 'Getting started',
      page_content: historyContent,
      author_uid: 8,
      author_username: 'bob',
      page_comments: 'Before the review',
      addtime: 1795000000,
    }),
  };
}

const before = ['# Install', '', 'Run the installer on port 4000.', 'Old note', ...unchanged, 'The end'].join('\n');
const after = ['# Install', '', 'Run the installer on port 4999.', ...unchanged, 'The end', 'Ask a < b & "c" in the forum.'].join('\n');

function site(diff: FakeHandler | unknown) {
  return installFakeApi(guestSite({ 'user/info': ok(alice), 'page/diff': diff }));
}

const table = () => screen.findByRole('table', { name: 'Differences between the version and the page now' });
const rowTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));

function localTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('the diff screen', () => {
  it('shows the version against the page now, side by side, with changed words marked', async () => {
    const api = site(ok(comparison(before, after)));
    renderRoutes('/page/diff/11/3');

    const diff = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Getting started' })).toBeTruthy();
    expect(document.title).toBe('Getting started · Folio');
    expect(Object.fromEntries(api.callsTo('page/diff')[0]?.params ?? [])).toEqual({ page_id: '11', page_history_id: '3' });
    expect(screen.getByText(`The version saved by bob at ${localTime(1795000000)}, compared with the page now.`)).toBeTruthy();
    expect(screen.getByText('Comment: Before the review')).toBeTruthy();
    expect(screen.getByText('Lines added: 2')).toBeTruthy();
    expect(screen.getByText('Lines removed: 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the page' }).getAttribute('href')).toBe('/5/11');

    const headings = within(diff).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).toEqual(['Line', `Version of ${localTime(1795000000)}`, 'Line', `Now (saved by alice at ${localTime(1795350253)})`]);

    const rows = rowTexts(diff);
    expect(rows.slice(0, 4)).toEqual([
      ['1', '# Install', '1', '# Install'],
      ['2', '', '2', ''],
      ['3', 'Removed: Run the installer on port 4000.', '3', 'Added: Run the installer on port 4999.'],
      ['4', 'Removed: Old note', '', ''],
    ]);
    expect(within(diff).getByText('4000', { selector: 'del' })).toBeTruthy();
    expect(within(diff).getByText('4999', { selector: 'ins' })).toBeTruthy();
    // The text as written: no entities, no markup.
    expect(rows.at(-1)).toEqual(['', '', '35', 'Added: Ask a < b & "c" in the forum.']);
  });

  it('folds long unchanged runs until asked', async () => {
    site(ok(comparison(before, after)));
    const { user } = renderRoutes('/page/diff/11/3');
    const diff = await table();

    // Both sides of an unchanged row show its text.
    expect(within(diff).queryAllByText('Unchanged line 10')).toHaveLength(0);
    expect(within(diff).getAllByText('Unchanged line 3')).toHaveLength(2);
    await user.click(within(diff).getByRole('button', { name: 'Show 25 unchanged lines' }));
    expect(within(diff).getAllByText('Unchanged line 10')).toHaveLength(2);
    expect(within(diff).queryByRole('button', { name: /unchanged lines/ })).toBeNull();
  });

  it('says when the version and the page are the same', async () => {
    site(ok(comparison('same\r\ntext\r\n', 'same\ntext')));
    renderRoutes('/page/diff/11/3');
    await table();
    expect(screen.getByText('No differences: this version has the same text as the page now.')).toBeTruthy();
  });

  it('shows one column on a phone', async () => {
    stubNarrowScreen();
    site(ok(comparison(before, after)));
    renderRoutes('/page/diff/11/3');
    const diff = await table();

    expect(within(diff).getAllByRole('columnheader')).toHaveLength(3);
    expect(rowTexts(diff).slice(0, 6)).toEqual([
      ['1', '1', '# Install'],
      ['2', '2', ''],
      ['3', '', 'Removed: Run the installer on port 4000.'],
      ['4', '', 'Removed: Old note'],
      ['', '3', 'Added: Run the installer on port 4999.'],
      ['5', '4', 'Unchanged line 1'],
    ]);
    expect(within(diff).getByText('4999', { selector: 'ins' })).toBeTruthy();
  });

  it('a version of a private project leads to its password screen, and back here after', async () => {
    site(fail(10307, 'This project needs its visit password'));
    const { location } = renderRoutes('/page/diff/11/3');
    await waitFor(() => expect(location()).toBe('/item/password/0?redirect=/page/diff/11/3&page_id=11'));
  });

  it('a site that wants a login sends the guest to log in', async () => {
    installFakeApi(guestSite({ 'page/diff': fail(10312, 'Please log in first') }));
    const { location } = renderRoutes('/page/diff/11/3');
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/page/diff/11/3'));
  });

  it('a missing version says so', async () => {
    site(fail(10101, 'This version of the page does not exist'));
    renderRoutes('/page/diff/11/99');
    expect(await screen.findByRole('heading', { name: 'This version does not exist, or its page has been deleted' })).toBeTruthy();
    expect(screen.getByText('This version of the page does not exist')).toBeTruthy();
  });

  it('an address that is not two ids is not found, without asking the server', async () => {
    const api = site(ok(comparison(before, after)));
    renderRoutes('/page/diff/11/x');
    expect(await screen.findByRole('heading', { name: 'We could not find this page' })).toBeTruthy();
    expect(api.callsTo('page/diff')).toHaveLength(0);
  });
});
