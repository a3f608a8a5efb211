import { describe, expect, it } from 'vitest';
import { dictionaryPages, readDumps } from './db-dictionary.js';

describe('dictionaryPages', () => {
  it('joins a multi-column index in seq_in_index order and marks uniqueness', () => {
    const [table] = readDumps({
      tableInfo: '',
      tableDetail: 'h\norders\tid\t\tNO\tint\t\norders\tshop\t\tNO\tint\t',
      tableIndex: 'h\norders\tshop_id\tid\t2\t0\tBTREE\t\norders\tshop_id\tshop\t1\t0\tBTREE\t\r\norders\tby_shop\tshop\t1\t1\tHASH\t',
    });
    expect(table?.name).toBe('orders');
    const [page] = dictionaryPages({ tableInfo: '', tableDetail: 'h\norders\tid\t\tNO\tint\t', tableIndex: 'h\norders\tshop_id\tid\t2\t0\tBTREE\t\norders\tshop_id\tshop\t1\t0\tBTREE\t' });
    expect(page?.content).toContain('|shop_id|BTREE|是|shop, id||');
    // No table_info row: no comment, no basic-information section.
    expect(page?.content.startsWith('- 无\n')).toBe(true);
    expect(page?.content).not.toContain('## 表基本信息');
  });

  it('keeps a table cell on one line and every cell text', () => {
    const [page] = dictionaryPages({ tableInfo: 'h\nt\tmulti\nline?\tInnoDB\tx', tableDetail: 'h\nt\tc|d\t<b>\tYES\ttext\tline1<br>x', tableIndex: '' });
    expect(page?.content).toContain('|c\\|d|text|YES|&lt;b&gt;|line1&lt;br&gt;x|');
    expect(page?.content.split('\n').filter((l) => l.startsWith('|c'))).toHaveLength(1);
  });

  it('ignores blank lines and rows without a name', () => {
    expect(dictionaryPages({ tableInfo: 'h\n\n\t\n', tableDetail: 'h\n\n', tableIndex: '' })).toEqual([]);
  });
});
