import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { empty, folioOnly, idList, int, pageText, rowInt, text } from '../../common/wire.js';
import { toShowDoc } from './showdoc-dialect.js';

/** The translation of a typed answer into ShowDoc's form, led by the marks of its schema alone. */
describe('toShowDoc', () => {
  const Row = z.object({ id: rowInt(), flag: int(), name: text(), body: pageText(), cats: idList(), version: folioOnly(int()) });

  it('sends row numbers as strings, escapes page text, joins id lists and drops Folio-only fields', () => {
    expect(toShowDoc(Row, { id: 7, flag: 1, name: '<b>', body: `a < b & "c" 'd'`, cats: [3, 5], version: 2 })).toEqual({
      id: '7',
      flag: 1,
      name: '<b>',
      body: 'a &lt; b &amp; &quot;c&quot; &#039;d&#039;',
      cats: '3,5',
    });
  });

  it('walks arrays, optional and nullable fields, records and recursive schemas', () => {
    type Node = { id: number; sub: Node[] };
    const Node: z.ZodType<Node> = z.object({ id: rowInt(), sub: z.array(z.lazy(() => Node)) });
    const Answer = z.object({ nodes: z.array(Node), maybe: rowInt().optional(), none: rowInt().nullable(), byKey: z.record(z.string(), rowInt()) });
    expect(toShowDoc(Answer, { nodes: [{ id: 1, sub: [{ id: 2, sub: [] }] }], none: null, byKey: { a: 4 } })).toEqual({
      nodes: [{ id: '1', sub: [{ id: '2', sub: [] }] }],
      none: null,
      byKey: { a: '4' },
    });
  });

  it('picks the union option the value fits', () => {
    const Saved = z.union([z.object({ page_id: rowInt(), page_content: pageText() }), z.object({ page_id: int() })]);
    expect(toShowDoc(Saved, { page_id: 3 })).toEqual({ page_id: 3 });
    expect(toShowDoc(Saved, { page_id: 3, page_content: '<' })).toEqual({ page_id: '3', page_content: '&lt;' });
  });

  it('leaves keys the schema does not name, and values of another type, as they are', () => {
    expect(toShowDoc(z.object({ id: rowInt() }), { id: 'x', extra: 5 })).toEqual({ id: 'x', extra: 5 });
    expect(toShowDoc(empty(), [])).toEqual([]);
    expect(toShowDoc(int(), 12)).toBe(12);
  });
});
