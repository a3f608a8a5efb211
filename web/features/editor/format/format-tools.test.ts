import { describe, expect, it } from 'vitest';
import { beautifyInEditor, beautifyJson } from './beautify-json';
import { htmlToMarkdown, htmlToPlainText, shouldAskAboutHtml } from './html-paste';
import { jsonToParamTable, MAX_DEPTH, MAX_ROWS } from './json-to-table';
import { MAX_TABLE_COLUMNS, MAX_TABLE_ROWS, parseTsv, tsvToMarkdownTable } from './tsv-to-table';

describe('JSON to parameter table', () => {
  it('flattens nested objects with dotted names and infers types', () => {
    const result = jsonToParamTable('{"code":0,"msg":"ok","ratio":0.5,"data":{"user":{"name":"Ann","admin":true},"tags":["a"],"items":[{"id":1}],"none":null}}', 'en');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.markdown.split('\n')).toEqual([
      '| Parameter | Type | Required | Description |',
      '| --- | --- | --- | --- |',
      '| code | int | yes | 0 |',
      '| msg | string | yes | ok |',
      '| ratio | float | yes | 0.5 |',
      '| data | object | yes |  |',
      '| data.user | object | yes |  |',
      '| data.user.name | string | yes | Ann |',
      '| data.user.admin | boolean | yes | true |',
      '| data.tags | array | yes |  |',
      '| data.items | array | yes |  |',
      '| data.items[].id | int | yes | 1 |',
      '| data.none | null | yes |  |',
      '',
    ]);
  });

  it('lists the fields of a top-level array of objects, in Chinese headers when asked', () => {
    const result = jsonToParamTable('[{"订单号":"A|1"}]', 'zh');
    expect(result.ok && result.markdown).toBe('| 参数名 | 类型 | 必选 | 说明 |\n| --- | --- | --- | --- |\n| 订单号 | string | 是 | A\\|1 |\n');
  });

  it('refuses what is not a JSON object or array', () => {
    expect(jsonToParamTable('{"a":', 'en')).toEqual({ ok: false });
    expect(jsonToParamTable('"just a string"', 'en')).toEqual({ ok: false });
    expect(jsonToParamTable('', 'en')).toEqual({ ok: false });
  });

  it('escapes pipes, backslashes and line breaks inside cells, keeps unicode and emoji', () => {
    const result = jsonToParamTable('{"a|b":"x\\ny","path":"C:\\\\dir","emoji":"😀 名字"}', 'en');
    expect(result.ok && result.markdown.split('\n').slice(2, 5)).toEqual(['| a\\|b | string | yes | x<br>y |', '| path | string | yes | C:\\\\dir |', '| emoji | string | yes | 😀 名字 |']);
  });

  it('lists an empty array or object as itself, and a nested array of arrays under name[][]', () => {
    const result = jsonToParamTable('{"list":[],"obj":{},"grid":[[{"x":1.25}]]}', 'en');
    expect(result.ok && result.markdown.split('\n').slice(2, -1)).toEqual([
      '| list | array | yes |  |',
      '| obj | object | yes |  |',
      '| grid | array | yes |  |',
      '| grid[][].x | float | yes | 1.25 |',
    ]);
  });

  it('goes no deeper than its depth cap', () => {
    let deep: unknown = { leaf: 1 };
    for (let i = 0; i < 50; i += 1) deep = { n: deep };
    const result = jsonToParamTable(JSON.stringify(deep), 'en');
    expect(result.ok && result.rows).toBe(MAX_DEPTH);
    expect(result.ok && result.markdown).not.toContain('leaf');
  });

  it('stops at its row cap on a huge paste and says fields were left out', () => {
    const huge = JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i])));
    const result = jsonToParamTable(huge, 'en');
    expect(result.ok && result.rows).toBe(MAX_ROWS);
    expect(result.ok && result.markdown.trimEnd().endsWith('more fields left out |')).toBe(true);
  });
});

describe('beautify JSON', () => {
  it('indents with two spaces, or gives the text back when it is not JSON', () => {
    expect(beautifyJson('{"a":[1,2]}')).toEqual({ ok: true, text: '{\n  "a": [\n    1,\n    2\n  ]\n}' });
    expect(beautifyJson('{oops')).toEqual({ ok: false, text: '{oops' });
  });

  it('acts on the selection, or on the whole text when nothing is selected', () => {
    const text = 'Example:\n{"a":1}\nend';
    const selected = beautifyInEditor(text, { from: 9, to: 16 });
    expect(selected.ok && selected.edit).toMatchObject({ from: 9, to: 16, insert: '{\n  "a": 1\n}' });
    expect(beautifyInEditor(text, { from: 0, to: 0 })).toEqual({ ok: false });
    const whole = beautifyInEditor('  {"b":true}\n', { from: 3, to: 3 });
    expect(whole.ok && whole.edit).toMatchObject({ from: 2, to: 12, insert: '{\n  "b": true\n}' });
  });
});

describe('a table pasted from a spreadsheet', () => {
  it('becomes a markdown table with the first row as header', () => {
    expect(tsvToMarkdownTable('name\tage\r\nAnn\t30\r\nBo\r\n')).toBe('| name | age |\n| --- | --- |\n| Ann | 30 |\n| Bo |  |\n');
  });

  it('keeps quoted cells with tabs, quotes and line breaks in one cell', () => {
    expect(parseTsv('a\t"multi\nline"\t"say ""hi"""\nb\tc\td')).toEqual([
      ['a', 'multi\nline', 'say "hi"'],
      ['b', 'c', 'd'],
    ]);
    expect(tsvToMarkdownTable('h1\th2\n"x|y"\t"1\n2"')).toBe('| h1 | h2 |\n| --- | --- |\n| x\\|y | 1<br>2 |\n');
  });

  it('caps rows and columns of a huge paste', () => {
    const wide = Array.from({ length: 80 }, (_, i) => `c${i}`).join('\t');
    const tall = Array.from({ length: MAX_TABLE_ROWS + 500 }, () => wide).join('\r\n');
    const markdown = tsvToMarkdownTable(tall) ?? '';
    const lines = markdown.trimEnd().split('\n');
    expect(lines).toHaveLength(MAX_TABLE_ROWS + 1);
    expect(lines[0]?.split(' | ')).toHaveLength(MAX_TABLE_COLUMNS);
  });

  it('keeps a quote inside an unquoted cell as written', () => {
    expect(parseTsv('5" screen\tok')).toEqual([['5" screen', 'ok']]);
  });

  it('has nothing to make of blank text', () => {
    expect(tsvToMarkdownTable('\n\t\n')).toBeNull();
  });
});

describe('pasted HTML', () => {
  it('asks only from 200 characters on', () => {
    expect(shouldAskAboutHtml('<b>short</b>')).toBe(false);
    expect(shouldAskAboutHtml(`<p>${'x'.repeat(200)}</p>`)).toBe(true);
  });

  it('becomes markdown with headings, lists, links and tables', () => {
    const markdown = htmlToMarkdown(
      '<h2>Setup</h2><ul><li>one</li><li><a href="https://example.com">two</a></li></ul><table><thead><tr><th>k</th><th>v</th></tr></thead><tbody><tr><td>a</td><td>1</td></tr></tbody></table>',
    );
    expect(markdown).toContain('## Setup');
    expect(markdown).toMatch(/-\s+one/);
    expect(markdown).toContain('[two](https://example.com)');
    expect(markdown).toContain('| k | v |');
  });

  it('as plain text: lines per block, tabs between cells, no script or style bodies', () => {
    expect(htmlToPlainText('<h1>Title</h1><p>one<br>two</p><style>p{color:red}</style><table><tr><td>a</td><td>b</td></tr></table><script>steal()</script>')).toBe(
      'Title\none\ntwo\na\tb',
    );
  });

  it('D12 · drops scripts, event handlers, styles and javascript: links', () => {
    const markdown = htmlToMarkdown('<p onclick="alert(1)">Hi<script>alert(2)</script><style>p{}</style><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">bad</a></p>');
    expect(markdown).not.toMatch(/alert|onerror|javascript:|<script|<style/i);
    expect(markdown).toContain('Hi');
  });
});
