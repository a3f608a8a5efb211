import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KanbanBoard } from '../../../common/answers/board';
import i18n from '../../i18n';
import { alice, fail, guestSite, installFakeApi, ok } from '../../test/fake-api';
import { itemInfo } from '../../test/project-answers';
import { renderProjectView } from '../../test/render';
import { ItemTypeIcon } from '../item/ItemTypeIcon';
import { readWhiteboard } from './fabric-preview';
import { downloadName } from './WhiteboardProject';

const empty = { pages: [], catalogs: [] };

function task(page_id: number, title: string, extra: Partial<KanbanBoard['lists'][number]['tasks'][number]> = {}) {
  return { page_id, title, description: '', assignee_username: '', due_date: '', tags: [], priority: '', completed: false, creator_username: 'showdoc', ...extra };
}

const board: KanbanBoard = {
  item_id: 6,
  lists: [
    {
      id: 'todo',
      title: '待办 To do',
      tasks: [
        task(61, 'Write the docs', { description: '# Steps\n\n**Bold** <img src=x onerror="alert(1)">', assignee_username: 'zhangwei', due_date: '2026-12-01', tags: [{ color: 'blue', text: '文档' }], priority: 'high' }),
        task(62, 'Done already', { completed: true }),
      ],
    },
    { id: 'doing', title: 'Doing', tasks: [] },
  ],
  archived_lists: [{ id: 'old', title: 'Old column', tasks: [task(63, 'Archived card')] }],
  archived_tasks: [],
  loose_tasks: [],
};

function kanbanSite(role: 'reader' | 'manager', answer: unknown = ok(board)) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/info': ok(itemInfo({ item_id: 6, item_name: 'Sprint Board', item_type: 6, item_edit: role === 'manager', item_manage: role === 'manager', menu: empty })),
      'kanban/board': answer as never,
    }),
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('a kanban project (type 6), read-only', () => {
  it('shows the columns with their cards in order, the notice, and keeps archived columns folded', async () => {
    const api = kanbanSite('reader');
    renderProjectView('/6');
    const todo = await screen.findByRole('region', { name: '待办 To do' });
    const cards = within(todo).getAllByRole('button');
    expect(cards.map((c) => c.textContent)).toEqual([expect.stringContaining('Write the docs'), expect.stringContaining('Done already')]);
    expect(cards[0]?.textContent).toContain('文档');
    expect(cards[0]?.textContent).toContain('zhangwei');
    expect(cards[0]?.textContent).toContain('Due 2026-12-01');
    expect(cards[0]?.textContent).toContain('High');
    expect(within(screen.getByRole('region', { name: 'Doing' })).getByText('No cards')).toBeTruthy();
    expect(screen.getByText(/came over from ShowDoc/)).toBeTruthy();
    expect(screen.queryByText('Archived card')).toBeNull();
    expect(screen.getByText('Archived (1)')).toBeTruthy();
    expect(api.callsTo('kanban/board')[0]?.params.get('item_id')).toBe('6');
    // Read-only: no edit icon, no managers' menu for a reader.
    expect(screen.queryByRole('link', { name: 'Edit page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage project' })).toBeNull();
  });

  it('a card opens its description as sanitised markdown', async () => {
    kanbanSite('reader');
    const { user } = renderProjectView('/6');
    await user.click(await screen.findByRole('button', { name: /Write the docs/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Write the docs' });
    expect(within(dialog).getByRole('heading', { name: 'Steps' })).toBeTruthy();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(within(dialog).getByText('zhangwei')).toBeTruthy();
  });

  it('gives managers the project menu', async () => {
    kanbanSite('manager');
    const { user } = renderProjectView('/6');
    await user.click(await screen.findByRole('button', { name: 'Manage project' }));
    const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
    expect(within(menu).getByRole('menuitem', { name: /Delete/ })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /Members/ })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: /Import/ })).toBeNull();
  });

  it('says so when the board has no columns, and shows a failure with a retry', async () => {
    kanbanSite('reader', ok({ ...board, lists: [], archived_lists: [] }));
    const first = renderProjectView('/6');
    expect(await screen.findByText('This board has no columns yet.', undefined)).toBeTruthy();
    first.unmount();
    kanbanSite('reader', fail(10101, 'This project is not a kanban board'));
    renderProjectView('/6');
    expect(await screen.findByText('This project is not a kanban board', undefined)).toBeTruthy();
  });

  it('sends a visitor of a private board to its password screen', async () => {
    kanbanSite('reader', fail(10307, 'password'));
    const { location } = renderProjectView('/6');
    await waitFor(() => expect(location()).toMatch(/^\/item\/password\/6/));
  });

  it('is in Chinese too', async () => {
    kanbanSite('reader');
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      renderProjectView('/6');
      expect(await screen.findByText(/此看板迁移自 ShowDoc/, undefined)).toBeTruthy();
      expect(await screen.findByText('已归档（1）', undefined)).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

const canvas = JSON.stringify({
  __canvasSize: { width: 1000, height: 500 },
  objects: [
    { type: 'rect', left: 10, top: 20, width: 100, height: 50, fill: '#ff0000', stroke: 'url(javascript:alert(1))' },
    { type: 'textbox', left: 200, top: 30, width: 200, height: 40, text: '架构 Architecture\nline 2', fontSize: 20, fill: '#333' },
    { type: 'path', left: 118, top: 208, width: 200, height: 90, stroke: '#2c3e50', strokeWidth: 3, path: [['M', 120, 210], ['Q', 220, 200, 320, 210]] },
    { type: 'image', left: 0, top: 0, width: 10, height: 10, src: 'https://evil.example/x.png' },
  ],
});

describe('a whiteboard project (type 5), read-only', () => {
  function whiteboardSite(content: string) {
    return installFakeApi(
      guestSite({
        'item/info': ok(itemInfo({ item_id: 5, item_name: 'Arch / Board', item_type: 5, menu: empty })),
        'whiteboard/data': ok({ item_id: 5, page_id: 50, title: 'Arch', content }),
      }),
    );
  }

  it('shows the notice, a preview drawn from the data, and a download of the JSON', async () => {
    whiteboardSite(canvas);
    renderProjectView('/5');
    const preview = await screen.findByRole('img', { name: 'Preview of the whiteboard Arch / Board' });
    expect(preview.querySelector('rect[fill="#ff0000"]')).toBeTruthy();
    expect(preview.textContent).toContain('架构 Architecture');
    expect(preview.innerHTML).not.toContain('javascript');
    expect(preview.innerHTML).not.toContain('evil.example');
    expect(screen.getByText(/whiteboard came over from ShowDoc/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download the data/ })).toBeTruthy();
  });

  it('says when the whiteboard is empty or its data unreadable', async () => {
    whiteboardSite('');
    const first = renderProjectView('/5');
    expect(await screen.findByText('This whiteboard is empty.', undefined)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Download the data/ }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    whiteboardSite('{broken');
    renderProjectView('/5');
    expect(await screen.findByText(/No preview/, undefined)).toBeTruthy();
  });
});

describe('the fabric reader', () => {
  it('places objects by origin and keeps only plain colours', () => {
    const preview = readWhiteboard(canvas);
    expect(preview?.width).toBe(1000);
    expect(preview?.objects).toHaveLength(4);
    expect(preview?.objects[0]).toMatchObject({ fill: '#ff0000', stroke: 'none', shape: { kind: 'rect', width: 100, height: 50 } });
    expect(preview?.objects[2]?.shape).toMatchObject({ kind: 'path', offsetX: -118.5, offsetY: -208.5 });
    expect(readWhiteboard('[1,2]')).toBeNull();
    expect(readWhiteboard('')).toEqual({ width: 800, height: 600, objects: [] });
  });

  it('names the download after the project without path characters', () => {
    expect(downloadName('Arch / Board: v1')).toBe('Arch _ Board_ v1.json');
    expect(downloadName('  ')).toBe('whiteboard.json');
  });
});

describe('the project type icon', () => {
  it('names ShowDoc’s RunApi, whiteboard and kanban projects', () => {
    render(
      <>
        <ItemTypeIcon itemType={3} />
        <ItemTypeIcon itemType={5} />
        <ItemTypeIcon itemType={6} />
        <ItemTypeIcon itemType={1} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'RunApi project' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Whiteboard' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Kanban board' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Regular project' })).toBeTruthy();
  });
});
