import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { TestProviders } from '../../../test/render';
import i18n from '../../../i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import HtmlPasteDialog from './HtmlPasteDialog';
import JsonToTableDialog from './JsonToTableDialog';
import PasteTableDialog from './PasteTableDialog';
import SqlToTableDialog from './SqlToTableDialog';

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

function handlers() {
  return { onClose: vi.fn<() => void>(), onInsert: vi.fn<(markdown: string) => void>() };
}

/** The preview is a rendered markdown table; its cells as text, row by row. */
async function previewRows(name = 'Table preview') {
  const preview = await screen.findByRole('region', { name }, { timeout: 2000 });
  return within(preview)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('JSON to table dialog', () => {
  it('previews the parameter table of the pasted JSON and inserts its markdown', async () => {
    const { onClose, onInsert } = handlers();
    const user = show(<JsonToTableDialog open onClose={onClose} onInsert={onInsert} />);
    const dialog = await screen.findByRole('dialog', { name: 'JSON to parameter table' });
    await user.click(within(dialog).getByRole('textbox', { name: 'JSON to convert' }));
    await user.paste('{"code":0,"data":{"name":"Ann | Bo"}}');

    expect(await previewRows()).toEqual([
      ['Parameter', 'Type', 'Required', 'Description'],
      ['code', 'int', 'yes', '0'],
      ['data', 'object', 'yes', ''],
      ['data.name', 'string', 'yes', 'Ann | Bo'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith(
      '| Parameter | Type | Required | Description |\n| --- | --- | --- | --- |\n| code | int | yes | 0 |\n| data | object | yes |  |\n| data.name | string | yes | Ann \\| Bo |\n',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says the JSON could not be parsed, and inserts nothing', async () => {
    const { onClose, onInsert } = handlers();
    const user = show(<JsonToTableDialog open onClose={onClose} onInsert={onInsert} />);
    await user.click(await screen.findByRole('textbox', { name: 'JSON to convert' }));
    await user.paste('{"code": 0,');

    expect(await screen.findByText('This is not valid JSON, so it could not be formatted.', undefined, { timeout: 2000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsert).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Table preview' })).toBeNull();
  });

  it('asks for something to convert when the box is empty', async () => {
    const { onClose, onInsert } = handlers();
    const user = show(<JsonToTableDialog open onClose={onClose} onInsert={onInsert} />);
    await user.click(await screen.findByRole('button', { name: 'Insert' }));
    expect(await screen.findByText('Paste something to convert first.')).toBeTruthy();
    expect(onInsert).not.toHaveBeenCalled();
  });

  it('speaks Chinese, headers of the table included, when the interface does', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { onClose, onInsert } = handlers();
    const user = show(<JsonToTableDialog open onClose={onClose} onInsert={onInsert} />);
    const dialog = await screen.findByRole('dialog', { name: 'JSON 转参数表格' });
    await user.click(within(dialog).getByRole('textbox', { name: '要转换的 JSON' }));
    await user.paste('[{"名称":"值"}]');
    expect(await previewRows('表格预览')).toEqual([
      ['参数名', '类型', '必选', '说明'],
      ['名称', 'string', '是', '值'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: '插入' }));
    expect(onInsert).toHaveBeenCalledTimes(1);
  });

  it('closes from its close button', async () => {
    const { onClose, onInsert } = handlers();
    const user = show(<JsonToTableDialog open onClose={onClose} onInsert={onInsert} />);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('paste table dialog', () => {
  it('turns cells copied from a spreadsheet into a table, multi-line cells included', async () => {
    const { onClose, onInsert } = handlers();
    const user = show(<PasteTableDialog open onClose={onClose} onInsert={onInsert} />);
    const dialog = await screen.findByRole('dialog', { name: 'Paste a table from a spreadsheet' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Cells copied from a spreadsheet' }));
    await user.paste('Name\tNote\r\nAnn\t"two\nlines"\r\n');

    expect(await previewRows()).toEqual([
      ['Name', 'Note'],
      ['Ann', 'twolines'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith('| Name | Note |\n| --- | --- |\n| Ann | two<br>lines |\n');
  });

  it('inserts nothing from blank text', async () => {
    const { onClose, onInsert } = handlers();
    const user = show(<PasteTableDialog open onClose={onClose} onInsert={onInsert} />);
    await user.click(await screen.findByRole('textbox', { name: 'Cells copied from a spreadsheet' }));
    await user.paste('\t\r\n');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await screen.findAllByText('Paste something to convert first.')).not.toHaveLength(0);
    expect(onInsert).not.toHaveBeenCalled();
  });
});

describe('SQL to table dialog', () => {
  const sql = "CREATE TABLE `user` (`uid` int NOT NULL COMMENT 'user id');";

  it('previews the table the server reads from the statements, headers in English, and inserts it', async () => {
    const markdown = '\n- user\n\n| Field | Type | Nullable | Default | Comment |\n| --- | --- | --- | --- | --- |\n| uid | int | no |  | user id |\n';
    const api = installFakeApi({ 'page/sqlToMarkdownTable': ok({ markdown }) });
    const { onClose, onInsert } = handlers();
    const user = show(<SqlToTableDialog open onClose={onClose} onInsert={onInsert} />);
    const dialog = await screen.findByRole('dialog', { name: 'SQL CREATE TABLE to table' });
    await user.click(within(dialog).getByRole('textbox', { name: 'CREATE TABLE statements' }));
    await user.paste(sql);

    expect(await previewRows()).toEqual([
      ['Field', 'Type', 'Nullable', 'Default', 'Comment'],
      ['uid', 'int', 'no', '', 'user id'],
    ]);
    expect(Object.fromEntries(api.callsTo('page/sqlToMarkdownTable')[0]?.params ?? [])).toEqual({ sql, lang: 'en' });
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith(markdown));
  });

  it('asks for the headers in Chinese when the interface is Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      const api = installFakeApi({ 'page/sqlToMarkdownTable': ok({ markdown: '\n- user\n\n| 字段 | 类型 | 允许空 | 默认 | 说明 |\n| --- | --- | --- | --- | --- |\n| uid | int | 否 |  | user id |\n' }) });
      const user = show(<SqlToTableDialog open {...handlers()} />);
      await user.click(await screen.findByRole('textbox', { name: 'CREATE TABLE 语句' }));
      await user.paste(sql);
      expect((await previewRows('表格预览'))[0]).toEqual(['字段', '类型', '允许空', '默认', '说明']);
      expect(api.callsTo('page/sqlToMarkdownTable')[0]?.params.get('lang')).toBe('zh');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("shows the server's refusal and inserts nothing", async () => {
    installFakeApi({ 'page/sqlToMarkdownTable': fail(10101, 'No CREATE TABLE statement was found') });
    const { onClose, onInsert } = handlers();
    const user = show(<SqlToTableDialog open onClose={onClose} onInsert={onInsert} />);
    await user.click(await screen.findByRole('textbox', { name: 'CREATE TABLE statements' }));
    await user.paste('select 1');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await screen.findByText('No CREATE TABLE statement was found')).toBeTruthy();
    expect(onInsert).not.toHaveBeenCalled();
  });
});

describe('HTML paste dialog', () => {
  const html = `<h2>Setup</h2><p>Run <strong>npm start</strong><img src="x" onerror="alert(1)"><script>alert(2)</script></p><ul><li>${'long text '.repeat(20)}</li></ul>`;

  it('offers the markdown it would become, without scripts or handlers', async () => {
    const { onClose } = handlers();
    show(<HtmlPasteDialog open html={html} plain="Setup Run npm start" onClose={onClose} onChoose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Paste as markdown?' });
    const sample = within(dialog).getByLabelText('The markdown it becomes').textContent ?? '';
    expect(sample).toContain('## Setup');
    expect(sample).toContain('**npm start**');
    expect(sample).not.toMatch(/alert|onerror|script/);
  });

  it('hands back the markdown, or the plain text', async () => {
    const onChoose = vi.fn<(text: string) => void>();
    const user = show(<HtmlPasteDialog open html={html} plain="Setup Run npm start" onClose={vi.fn()} onChoose={onChoose} />);
    await user.click(await screen.findByRole('button', { name: 'Convert to markdown' }));
    expect(onChoose).toHaveBeenLastCalledWith(expect.stringContaining('## Setup'));
    await user.click(screen.getByRole('button', { name: 'Keep plain text' }));
    expect(onChoose).toHaveBeenLastCalledWith('Setup Run npm start');
  });

  it('takes the text of the HTML when the clipboard had no plain text', async () => {
    const onChoose = vi.fn<(text: string) => void>();
    const user = show(<HtmlPasteDialog open html="<p>a <b>b</b></p><script>x()</script>" onClose={vi.fn()} onChoose={onChoose} />);
    await user.click(await screen.findByRole('button', { name: 'Keep plain text' }));
    expect(onChoose).toHaveBeenCalledWith('a b');
  });
});
