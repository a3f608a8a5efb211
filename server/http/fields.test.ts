import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zId, zIdList, zInt } from './fields.js';

/** What a schema makes of one field: its value, or the path of the first refused field. */
function read(schema: z.ZodType, input: Record<string, unknown>): unknown {
  const result = schema.safeParse(input);
  return result.success ? result.data : { refused: result.error.issues[0]?.path.join('.') };
}

describe('number fields and blank values (ShowDoc reads them with I("x/d"))', () => {
  const Shape = z.object({
    id: zId.optional(),
    count: zInt(0).default(0),
    page: zInt(1, 100).default(1),
    draft: zInt(-1, 1).default(-1),
    order: zInt().optional(),
  });

  it('reads a blank required number as 0, and lets the range decide', () => {
    expect(read(z.object({ n: zInt(0) }), { n: '' })).toEqual({ n: 0 });
    expect(read(z.object({ n: zInt() }), { n: '   ' })).toEqual({ n: 0 });
    expect(read(z.object({ n: zInt(-5, 5) }), { n: '\t' })).toEqual({ n: 0 });
    // A required id has no 0: blank is refused like a missing one.
    expect(read(z.object({ page_id: zId }), { page_id: '' })).toEqual({ refused: 'page_id' });
    expect(read(z.object({ page_id: zId }), { page_id: ' ' })).toEqual({ refused: 'page_id' });
    expect(read(z.object({ page_id: zId }), {})).toEqual({ refused: 'page_id' });
  });

  it('takes a blank value as not given where the field has a default or may be left out', () => {
    expect(read(Shape, { id: '', count: '', page: '', draft: '', order: '' })).toEqual({ id: undefined, count: 0, page: 1, draft: -1, order: undefined });
    expect(read(Shape, { id: ' ', count: ' ', page: '  ', draft: ' ', order: ' ' })).toMatchObject({ count: 0, page: 1, draft: -1 });
    expect(read(Shape, {})).toEqual({ count: 0, page: 1, draft: -1 });
  });

  it('still reads numbers from forms and JSON, and defaults only what is absent or blank', () => {
    expect(read(Shape, { id: '7', count: 3, page: ' 4 ', draft: '0', order: '-2' })).toEqual({ id: 7, count: 3, page: 4, draft: 0, order: -2 });
    expect(read(Shape, { draft: 1, page: 100 })).toMatchObject({ draft: 1, page: 100 });
  });

  it('refuses text that is not a whole number, whatever the field is', () => {
    for (const bad of ['abc', '1.5', '1e3', '0x10', '- 1', '--1', '[]', '{}', [], {}, [1], 1.5, true, null]) {
      expect(read(z.object({ n: zInt() }), { n: bad }), JSON.stringify(bad)).toEqual({ refused: 'n' });
      expect(read(Shape, { page: bad }), JSON.stringify(bad)).toEqual({ refused: 'page' });
      expect(read(Shape, { order: bad }), JSON.stringify(bad)).toEqual({ refused: 'order' });
      expect(read(Shape, { id: bad }), JSON.stringify(bad)).toEqual({ refused: 'id' });
    }
  });

  it('keeps the range on defaulted and optional fields', () => {
    expect(read(Shape, { page: '0' })).toEqual({ refused: 'page' });
    expect(read(Shape, { page: 101 })).toEqual({ refused: 'page' });
    expect(read(Shape, { id: '0' })).toEqual({ refused: 'id' });
    expect(read(Shape, { draft: '2' })).toEqual({ refused: 'draft' });
  });

  it('leaves a blank comma list of ids empty, and blank entries out', () => {
    const Ids = z.object({ uids: zIdList(5) });
    expect(read(Ids, { uids: '' })).toEqual({ uids: [] });
    expect(read(Ids, { uids: ' 3, ,5,' })).toEqual({ uids: [3, 5] });
    expect(read(Ids, { uids: '3,abc' })).toEqual({ refused: 'uids' });
  });
});
