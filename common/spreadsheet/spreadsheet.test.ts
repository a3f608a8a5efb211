import { describe, expect, it } from 'vitest';
import { cellName, columnIndex, columnName, parseCell, parseRange, rangeName } from './address.js';
import { QUARTERLY_SALES } from './fixture.js';
import { sheetMarkdownTable, workbookMarkdown } from './markdown.js';
import { readWorkbook } from './read.js';
import { sheetText } from './text.js';

describe('cell addresses', () => {
  it('converts columns both ways across the one-to-two letter boundary', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(['A', 'z', 'AA', 'ZZ', 'AAA'].map(columnIndex)).toEqual([0, 25, 26, 701, 702]);
    expect(columnIndex('A1')).toBe(-1);
    expect(cellName(4, 1)).toBe('B5');
  });

  it('reads cells and ranges, in either corner order and with anchors', () => {
    expect(parseCell('$F$2')).toEqual({ row: 1, col: 5 });
    expect(parseCell('A0')).toBeNull();
    expect(parseCell('五5')).toBeNull();
    expect(parseRange('B5:F5')).toEqual({ top: 4, left: 1, bottom: 4, right: 5 });
    expect(parseRange('F6:B5')).toEqual({ top: 4, left: 1, bottom: 5, right: 5 });
    expect(parseRange('C3')).toEqual({ top: 2, left: 2, bottom: 2, right: 2 });
    expect(parseRange('A1:B2:C3')).toBeNull();
    expect(rangeName({ top: 4, left: 1, bottom: 4, right: 5 })).toBe('B5:F5');
  });
});

describe('reading stored content', () => {
  it('reads the ShowDoc fixture sheet as stored', () => {
    const book = readWorkbook(QUARTERLY_SALES);
    expect(book.map((s) => s.name)).toEqual(['2024 销售', '负责人 Owners']);
    expect(book[0]).toMatchObject({ freeze: 'A2', merges: ['B5:F5'], cols: { 0: { width: 120 }, len: 26 }, rows: { len: 100 } });
    expect(book[0]?.rows?.['1']).toEqual({ cells: { 0: { text: '华东 East' }, 1: { text: '1200.5' }, 2: { text: '1350' }, 3: { text: '1420.75' }, 4: { text: '1600' }, 5: { text: '=SUM(B2:E2)' } } });
  });

  it('reads the older shapes and never throws', () => {
    expect(readWorkbook('')).toEqual([]);
    expect(readWorkbook('   ')).toEqual([]);
    expect(readWorkbook('not json')).toEqual([]);
    expect(readWorkbook('42')).toEqual([]);
    expect(readWorkbook('null')).toEqual([]);
    expect(readWorkbook('{"a":1}')).toEqual([]);
    expect(readWorkbook(undefined)).toEqual([]);
    const single = readWorkbook('{"name":"单表","rows":{"0":{"cells":{"0":{"text":"x"}}}}}');
    expect(single).toHaveLength(1);
    expect(single[0]?.rows?.['0']).toEqual({ cells: { 0: { text: 'x' } } });
  });

  it('reads HTML-escaped JSON as ShowDoc databases hold it', () => {
    const escaped = QUARTERLY_SALES.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(readWorkbook(escaped)).toEqual(readWorkbook(QUARTERLY_SALES));
  });

  it('drops what is malformed and keeps the rest', () => {
    const book = readWorkbook(
      JSON.stringify([
        { rows: { 0: { cells: { 0: { text: 12 }, 1: 'bad', x: { text: 'no' }, 2: { text: 'ok', style: 'a', merge: [1] } } }, bad: { cells: {} }, len: -1 }, styles: [null], merges: [3, 'A1:B1'] },
        'not a sheet',
      ]),
    );
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ name: 'Sheet1', styles: [{}], merges: ['A1:B1'] });
    expect(book[0]?.rows).toEqual({ 0: { cells: { 0: { text: '12' }, 2: { text: 'ok' } } } });
  });
});

describe('readable text', () => {
  it('gives one line per filled cell, sheet by sheet and row by row', () => {
    const text = sheetText(readWorkbook(QUARTERLY_SALES));
    const lines = text.split('\n');
    expect(lines).toContain('2024 销售!F2 = =SUM(B2:E2)');
    expect(lines).toContain('负责人 Owners!B2 = 张伟');
    expect(lines.indexOf('2024 销售!A1 = 区域 Region')).toBe(0);
    expect(lines.indexOf('2024 销售!F1 = 合计 Total')).toBeLessThan(lines.indexOf('2024 销售!A2 = 华东 East'));
    expect(text).not.toContain('style');
    expect(text).not.toContain('cells');
  });

  it('orders rows by number, not as strings, and keeps a line break on one line', () => {
    const book = readWorkbook([{ name: 'S', rows: { 10: { cells: { 0: { text: 'ten' } } }, 2: { cells: { 0: { text: 'a\nb' } } } } }]);
    expect(sheetText(book)).toBe('S!A3 = a\\nb\nS!A11 = ten');
  });

  it('describes formatting and merges when asked, so a diff shows them', () => {
    const text = sheetText(readWorkbook(QUARTERLY_SALES), { details: true });
    expect(text).toContain('2024 销售!A1 = 区域 Region  [bold, bg #f4f5f8, center]');
    expect(text).toContain('2024 销售!B5:F5 merged');
  });
});

describe('markdown tables', () => {
  it('lays out the used range with the first row as header', () => {
    const [sales] = readWorkbook(QUARTERLY_SALES);
    const table = sheetMarkdownTable(sales!);
    const lines = table?.markdown.split('\n') ?? [];
    expect(lines[0]).toBe('| 区域 Region | 一季度 Q1 | 二季度 Q2 | 三季度 Q3 | 四季度 Q4 | 合计 Total |');
    expect(lines[1]).toBe('| --- | --- | --- | --- | --- | --- |');
    expect(lines[2]).toBe('| 华东 East | 1200.5 | 1350 | 1420.75 | 1600 | =SUM(B2:E2) |');
    expect(lines).toHaveLength(6);
  });

  it('escapes pipes and markdown in cells and names each sheet', () => {
    const md = workbookMarkdown(readWorkbook([{ name: 'a|b', rows: { 0: { cells: { 1: { text: 'x|y *z*' } } } } }, { name: 'empty' }]));
    expect(md).toBe('**a\\|b**\n\n|   | x\\|y \\*z\\* |\n| --- | --- |\n\n**empty**');
  });
});

describe('the fixture', () => {
  it('is the page exactly as the ShowDoc database holds it', async () => {
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(QUARTERLY_SALES, 'utf8').digest('hex')).toBe('3f3d26dc5b8fe55244f845353d0d4f588e28de090c3820b30b8b9b772487c9db');
  });
});
