import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { findDialog, pageHeading, readerProject, type ReaderRole } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';

const KEY = '0123456789abcdef0123456789abcdef';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

async function openShare(role: ReaderRole, options: { uniqueKey?: string; overrides?: Record<string, unknown> } = {}) {
  const api = readerProject({ role, ...options });
  const app = renderProjectView('/5/11');
  await pageHeading('Getting started');
  await app.user.click(screen.getByRole('button', { name: 'Share page' }));
  const dialog = await findDialog('Share “Getting started”');
  return { api, ...app, dialog };
}

/**
 * The withdrawal question, open above the share dialog. Under test antd labels every dialog by the same
 * id, so the name of the first dialog is every dialog's name: it is found by its question instead.
 */
async function confirmation(): Promise<HTMLElement> {
  await screen.findAllByText('Withdraw the single-page link?');
  const open = screen.getAllByRole('dialog').filter((dialog) => dialog.textContent?.includes('Withdraw the single-page link?') && !dialog.className.includes('leave'));
  expect(open).toHaveLength(1);
  return open[0] as HTMLElement;
}

const singlePageSwitch = (dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', { name: 'Create a single-page link that works without the project’s password' }) as HTMLInputElement;

describe('page share', () => {
  it('shows a reader the page’s link to copy, and no single-page switch', async () => {
    const { user, dialog } = await openShare('reader');
    const link = `${window.location.origin}/5/11`;

    expect(within(dialog).getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Copy the link to this page' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('builds the link on the site address the administrator set', async () => {
    const { dialog } = await openShare('reader', {
      overrides: { 'common/homePageSetting': ok({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1, feedback_url: '', site_url: 'https://docs.example.com' }) },
    });
    expect(await within(dialog).findByRole('link', { name: 'https://docs.example.com/5/11' })).toBeTruthy();
  });

  it('an editor creates a single-page link: its address, a copy button and a QR code', async () => {
    const { api, user, dialog } = await openShare('editor', { overrides: { 'page/createSinglePage': ok({ unique_key: KEY, page_id: 11, expire_time: 0 }) } });
    const link = `${window.location.origin}/p/${KEY}`;
    expect(singlePageSwitch(dialog).checked).toBe(false);
    const pageLoads = api.callsTo('page/info').length;

    await user.click(singlePageSwitch(dialog));

    expect(await within(dialog).findByRole('link', { name: link })).toBeTruthy();
    expect(singlePageSwitch(dialog).checked).toBe(true);
    expect(Object.fromEntries(api.callsTo('page/createSinglePage')[0]?.params ?? [])).toEqual({ page_id: '11', isCreateSiglePage: '1' });
    expect(within(dialog).getByRole('img', { name: 'QR code of the single-page link' }).getAttribute('src')).toBe(
      `/api/common/qrcode?size=4&url=${encodeURIComponent(link)}`,
    );
    // The reader reloads the page, so its share key is current when the dialog opens again.
    await waitFor(() => expect(api.callsTo('page/info').length).toBeGreaterThan(pageLoads));

    await user.click(within(dialog).getByRole('button', { name: 'Copy the single-page link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('starts from the page’s share key; unchecking asks first, and Cancel keeps the link', async () => {
    const { api, user, dialog } = await openShare('editor', { uniqueKey: KEY, overrides: { 'page/createSinglePage': ok([]) } });
    const link = `${window.location.origin}/p/${KEY}`;
    expect(singlePageSwitch(dialog).checked).toBe(true);
    expect(within(dialog).getByRole('link', { name: link })).toBeTruthy();

    await user.click(singlePageSwitch(dialog));
    let confirm = await confirmation();
    expect(within(confirm).getByText('People with the old link lose access to this page.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    expect(singlePageSwitch(dialog).checked).toBe(true);
    expect(within(dialog).getByRole('link', { name: link })).toBeTruthy();
    expect(api.callsTo('page/createSinglePage')).toHaveLength(0);

    await user.click(singlePageSwitch(dialog));
    confirm = await confirmation();
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Single-page link withdrawn')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('page/createSinglePage')[0]?.params ?? [])).toEqual({ page_id: '11', isCreateSiglePage: '0' });
    expect(singlePageSwitch(dialog).checked).toBe(false);
    expect(within(dialog).queryByRole('link', { name: link })).toBeNull();
  });

  it('alerts a refused link and leaves the switch off', async () => {
    const { api, user, dialog } = await openShare('editor', { overrides: { 'page/createSinglePage': fail(10101, 'The link could not be created') } });

    await user.click(singlePageSwitch(dialog));

    expect(await screen.findByText('The link could not be created')).toBeTruthy();
    expect(api.callsTo('page/createSinglePage')).toHaveLength(1);
    await waitFor(() => expect(singlePageSwitch(dialog).disabled).toBe(false));
    expect(singlePageSwitch(dialog).checked).toBe(false);
    expect(within(dialog).queryByRole('img', { name: 'QR code of the single-page link' })).toBeNull();
  });

  it('where the clipboard is unavailable, selects the link and says how to copy it', async () => {
    const { user, dialog } = await openShare('reader');
    // As on a site served over plain HTTP.
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Copy the link to this page' }));

      expect(await screen.findByText(/press Ctrl\+C/)).toBeTruthy();
      expect(window.getSelection()?.toString()).toBe(`${window.location.origin}/5/11`);
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else Reflect.deleteProperty(navigator, 'clipboard');
    }
  });
});
