import { describe, expect, it } from 'vitest';
import { foldUnchanged, type DiffChunk } from './folding';
import { alignLines } from './side-by-side';
import { unifiedLines } from './unified';

const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`);

/** Chunks as `rows N` / `fold N`, with the first right-hand line number of each. */
const show = (chunks: DiffChunk[]) => chunks.map((chunk) => `${chunk.kind} ${chunk.rows.length} @${chunk.rows[0]?.right?.number ?? chunk.rows[0]?.left?.number}`);

describe('foldUnchanged', () => {
  it('keeps three lines of context around a change and folds the rest', () => {
    const before = lines(40);
    const after = [...before];
    after[19] = 'changed';
    expect(show(foldUnchanged(alignLines(before.join('\n'), after.join('\n'))))).toEqual(['fold 16 @1', 'rows 7 @17', 'fold 17 @24']);
  });

  it('shows short unchanged runs between changes', () => {
    const before = lines(12);
    const after = [...before];
    after[1] = 'two';
    after[10] = 'eleven';
    expect(show(foldUnchanged(alignLines(before.join('\n'), after.join('\n'))))).toEqual(['rows 12 @1']);
  });

  it('folds a long run between two changes, with context on both sides', () => {
    const before = lines(30);
    const after = [...before];
    after[0] = 'first';
    after[29] = 'last';
    const chunks = foldUnchanged(alignLines(before.join('\n'), after.join('\n')));
    expect(show(chunks)).toEqual(['rows 4 @1', 'fold 22 @5', 'rows 4 @27']);
    expect(chunks[1]).toMatchObject({ kind: 'fold', id: 4 });
  });

  it('identical texts fold whole; nothing to show, nothing lost', () => {
    const text = lines(10).join('\n');
    const chunks = foldUnchanged(alignLines(text, text));
    expect(show(chunks)).toEqual(['fold 10 @1']);
    expect(foldUnchanged(alignLines('a\nb', 'a\nb'))).toEqual([{ kind: 'rows', rows: alignLines('a\nb', 'a\nb') }]);
    expect(foldUnchanged([])).toEqual([]);
  });
});

describe('unifiedLines', () => {
  it('shows a rewrite as its old lines, then its new lines', () => {
    const rows = alignLines('a\nb\nc\nz', 'a\nB\nC\nD\nz');
    expect(unifiedLines(rows).map((line) => `${line.kind} ${line.oldNumber ?? '-'} ${line.newNumber ?? '-'} ${line.text}`)).toEqual([
      'same 1 1 a',
      'removed 2 - b',
      'removed 3 - c',
      'added - 2 B',
      'added - 3 C',
      'added - 4 D',
      'same 4 5 z',
    ]);
  });
});
