import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { templateKeys, type ItemTemplate, type MyTemplate } from '../../api/template';
import { createQueryClient } from '../../api/query-client';
import { TestProviders } from '../../test/render';
import i18n from '../../i18n';
import { fail, installFakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { stubNarrowScreen } from '../../test/media';
import SaveTemplateDialog from './SaveTemplateDialog';
import TemplateDialog from './TemplateDialog';

function show(dialog: ReactElement) {
  const user = userEvent.setup();
  // The preview renders markdown the way the reader does, links through the router.
  render(
    <TestProviders queryClient={createQueryClient()}>
      <MemoryRouter>{dialog}</MemoryRouter>
    </TestProviders>,
  );
  return user;
}

/** `template/getMyList` as Folio's URL answers it: typed ids, newest first, shares listed. */
const mine: MyTemplate[] = [
  {
    id: 12,
    uid: 7,
    username: 'alice',
    template_title: 'API page',
    template_content: '## Request\n\n| name | type |\n| --- | --- |\n| id | int |',
    addtime: '2026-11-20 09:15:00',
    share_item: [{ id: 1, template_id: 12, item_id: 5, uid: 7, username: 'alice', created_at: '2026-11-20 09:16:00', item_name: 'Docs' }],
    share_item_count: 1,
  },
  { id: 11, uid: 7, username: 'alice', template_title: '数据字典 🚀', template_content: '- user', addtime: '2026-11-18 17:02:44', share_item: [], share_item_count: 0 },
];

const projectTemplates: ItemTemplate[] = [
  { id: 30, uid: 8, username: 'bob', template_title: 'Bob’s release notes', template_content: '# Release', addtime: '2026-11-19 08:00:00', template_id: 30, item_id: 5, created_at: '2026-11-19 08:01:00' },
];

const projects = [
  { item_id: 5, item_name: 'Docs', item_type: 1, is_archived: 0 },
  { item_id: 6, item_name: 'Handbook', item_type: 1, is_archived: 0 },
  { item_id: 7, item_name: 'Old', item_type: 1, is_archived: 1 },
  { item_id: 8, item_name: 'Sheet', item_type: 4, is_archived: 0 },
];

function api(overrides: Record<string, FakeHandler | unknown> = {}) {
  return installFakeApi({
    'user/info': ok({ uid: 7, username: 'alice', name: 'Alice', groupid: 2, email: '' }),
    'template/getMyList': ok(mine),
    'template/getItemList': ok(projectTemplates),
    'item/myList': ok(projects),
    ...overrides,
  });
}

function props() {
  return { onClose: vi.fn<() => void>(), onInsert: vi.fn<(content: string) => void>() };
}

/**
 * The share dialog opens over the template dialog; under test every antd modal is labelled by the same
 * id, so the accessible name cannot tell them apart: find it by its title.
 */
const titled = (title: string) => screen.queryAllByRole('dialog').find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title) ?? null;
const findTitled = (title: string) =>
  waitFor(() => {
    const dialog = titled(title);
    if (!dialog) throw new Error(`No dialog titled ${title}`);
    return dialog;
  });

const rows = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe('template dialog', () => {
  it('lists my templates with their time and shares, previews one rendered and inserts it', async () => {
    api();
    const { onClose, onInsert } = props();
    const user = show(<TemplateDialog open itemId={5} onClose={onClose} onInsert={onInsert} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    const list = await within(dialog).findByRole('list', { name: 'My templates' });
    expect(rows(list).map((row) => row.querySelector('strong')?.textContent)).toEqual(['API page', '数据字典 🚀']);
    expect(within(list).getByText('2026-11-20 09:15:00 · shared into 1 projects')).toBeTruthy();

    await user.click(within(rows(list)[0] as HTMLElement).getByRole('button', { name: 'Preview “API page”' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview of “API page”' });
    expect(within(preview).getByRole('heading', { name: 'Request' })).toBeTruthy();
    expect(within(preview).getByRole('table')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Insert “API page” at the cursor' }));
    expect(onInsert).toHaveBeenCalledWith(mine[0]?.template_content);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the project’s templates in their own tab, without delete or share', async () => {
    const fake = api();
    const { onClose, onInsert } = props();
    const user = show(<TemplateDialog open itemId={5} onClose={onClose} onInsert={onInsert} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    await user.click(within(dialog).getByRole('tab', { name: 'This project\'s templates' }));
    const list = await within(dialog).findByRole('list', { name: 'This project\'s templates' });
    expect(within(list).getByText('2026-11-19 08:00:00 · bob')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(list).queryByRole('button', { name: /Share/ })).toBeNull();
    expect(Object.fromEntries(fake.callsTo('template/getItemList')[0]?.params ?? [])).toEqual({ item_id: '5' });
    await user.click(within(list).getByRole('button', { name: 'Insert “Bob’s release notes” at the cursor' }));
    expect(onInsert).toHaveBeenCalledWith('# Release');
  });

  it('says so when there are no templates', async () => {
    api({ 'template/getMyList': ok([]), 'template/getItemList': ok([]) });
    const user = show(<TemplateDialog open itemId={5} {...props()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    expect(await within(dialog).findByText(/You have no templates yet/)).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'This project\'s templates' }));
    expect(await within(dialog).findByText('No templates are shared into this project yet.')).toBeTruthy();
  });

  it('shows that it is loading, then a refused list with a retry', async () => {
    let answer: () => unknown = () => new Promise(() => undefined);
    api({ 'template/getMyList': () => answer() });
    const queryClient = createQueryClient();
    const user = userEvent.setup();
    const { rerender } = render(
      <TestProviders queryClient={queryClient}>
        <MemoryRouter>
          <TemplateDialog open itemId={5} {...props()} />
        </MemoryRouter>
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    expect(within(dialog).getByRole('status', { name: 'Loading…' })).toBeTruthy();

    answer = () => fail(10101, 'Templates are unavailable');
    await act(() => queryClient.resetQueries({ queryKey: templateKeys.all() }));
    rerender(
      <TestProviders queryClient={queryClient}>
        <MemoryRouter>
          <TemplateDialog open itemId={5} {...props()} />
        </MemoryRouter>
      </TestProviders>,
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Templates are unavailable');
    answer = () => ok(mine);
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('API page')).toBeTruthy();
  });

  it('deletes one of mine after confirmation, and reloads the list', async () => {
    let list = mine;
    const fake = api({
      'template/getMyList': () => ok(list),
      'template/delete': () => {
        list = mine.slice(1);
        return ok([]);
      },
    });
    const user = show(<TemplateDialog open itemId={5} {...props()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete “API page”' }));
    expect(fake.callsTo('template/delete')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/Projects it is shared into lose it too/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Template “API page” deleted')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('template/delete')[0]?.params ?? [])).toEqual({ id: '12' });
    await waitFor(() => expect(within(dialog).queryByText('API page')).toBeNull());
  });

  it('shows a refused delete and keeps the template', async () => {
    api({ 'template/delete': fail(10101, 'This template is not yours') });
    const user = show(<TemplateDialog open itemId={5} {...props()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete “API page”' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This template is not yours')).toBeTruthy();
    expect(within(dialog).getByText('API page')).toBeTruthy();
  });

  it('shares a template into the ticked projects I can write in, replacing the earlier choice', async () => {
    const fake = api({ 'template/shareToItem': ok([]) });
    const user = show(<TemplateDialog open itemId={5} {...props()} />);
    await user.click(await screen.findByRole('button', { name: 'Share “API page” into projects' }));
    const share = await findTitled('Share “API page”');
    const docs = await within(share).findByRole('checkbox', { name: 'Docs' });
    expect((docs as HTMLInputElement).checked).toBe(true);
    // Archived projects and spreadsheets take no templates.
    expect(within(share).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Docs', 'Handbook']);

    await user.click(docs);
    await user.click(within(share).getByRole('checkbox', { name: 'Handbook' }));
    await user.click(within(share).getByRole('button', { name: 'Save sharing' }));
    expect(await screen.findByText('Sharing saved')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('template/shareToItem')[0]?.params ?? [])).toEqual({ template_id: '12', item_id: '6' });
    await waitFor(() => expect(titled('Share “API page”')).toBeNull());
  });

  it('keeps the share dialog open when the server refuses a project', async () => {
    api({ 'template/shareToItem': fail(10303, 'You cannot edit this project') });
    const user = show(<TemplateDialog open itemId={5} {...props()} />);
    await user.click(await screen.findByRole('button', { name: 'Share “API page” into projects' }));
    const share = await findTitled('Share “API page”');
    await user.click(await within(share).findByRole('checkbox', { name: 'Handbook' }));
    await user.click(within(share).getByRole('button', { name: 'Save sharing' }));
    expect(await screen.findByText('You cannot edit this project')).toBeTruthy();
    expect(titled('Share “API page”')).toBeTruthy();
  });

  it('fits a phone: no fixed width, every action still reachable', async () => {
    stubNarrowScreen();
    api();
    show(<TemplateDialog open itemId={5} {...props()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Templates' });
    expect(dialog.style.width).not.toBe('760px');
    expect(await within(dialog).findByRole('button', { name: 'Insert “API page” at the cursor' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Share “API page” into projects' })).toBeTruthy();
  });

  it('speaks Chinese when the interface does', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    api();
    show(<TemplateDialog open itemId={5} {...props()} />);
    const dialog = await screen.findByRole('dialog', { name: '模板' });
    expect(await within(dialog).findByRole('list', { name: '我的模板' })).toBeTruthy();
  });
});

describe('save template dialog', () => {
  function showSave(content: string, defaultTitle?: string) {
    const onClose = vi.fn<() => void>();
    const onSaved = vi.fn<() => void>();
    const user = show(<SaveTemplateDialog open content={content} defaultTitle={defaultTitle} onClose={onClose} onSaved={onSaved} />);
    return { user, onClose, onSaved };
  }

  it('saves the editor’s text under the title given, raw', async () => {
    const fake = api({ 'template/save': ok({ id: 40 }) });
    const content = '## 接口 🚀\n\n<b>&amp;</b> | pipe';
    const { user, onClose, onSaved } = showSave(content, 'README');
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    const title = within(dialog).getByRole('textbox', { name: 'Template title' });
    expect((title as HTMLInputElement).value).toBe('README');
    await user.clear(title);
    await user.type(title, '  接口模板 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    expect(await screen.findByText('Saved as template “接口模板”')).toBeTruthy();
    expect(Object.fromEntries(fake.callsTo('template/save')[0]?.params ?? [])).toEqual({ template_title: '接口模板', template_content: content });
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for a title, and for text, before saving', async () => {
    const fake = api({ 'template/save': ok({ id: 40 }) });
    const { user } = showSave('   ');
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Give the template a title')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Template title' }), 'Empty');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Write something before saving it as a template.')).toBeTruthy();
    expect(fake.callsTo('template/save')).toHaveLength(0);
  });

  it('shows a refusal and stays open', async () => {
    api({ 'template/save': fail(10100, 'The template is too long') });
    const { user, onClose, onSaved } = showSave('body', 'Big');
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('The template is too long')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
