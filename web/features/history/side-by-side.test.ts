import { describe, expect, it } from 'vitest';
import { alignLines, splitLines, summarize, type DiffRow } from './side-by-side';

/** Rows as `kind left|right` strings: short to read, exact to compare. */
const show = (rows: DiffRow[]) =>
  rows.map((row) => `${row.kind} ${row.left ? `${row.left.number}:${row.left.text}` : '-'}|${row.right ? `${row.right.number}:${row.right.text}` : '-'}`);

describe('splitLines', () => {
  it('splits on any line ending, and a final line break does not start a new line', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(splitLines('a\rb')).toEqual(['a', 'b']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
  });
});

describe('alignLines', () => {
  it('identical texts are all unchanged rows, numbered on both sides', () => {
    const rows = alignLines('# Title\n\ntext', '# Title\n\ntext');
    expect(show(rows)).toEqual(['same 1:# Title|1:# Title', 'same 2:|2:', 'same 3:text|3:text']);
    expect(summarize(rows)).toEqual({ added: 0, removed: 0 });
  });

  it('lines only added appear on the right, with the left empty', () => {
    const rows = alignLines('a\nc', 'a\nb1\nb2\nc');
    expect(show(rows)).toEqual(['same 1:a|1:a', 'added -|2:b1', 'added -|3:b2', 'same 2:c|4:c']);
    expect(summarize(rows)).toEqual({ added: 2, removed: 0 });
  });

  it('lines only removed appear on the left, with the right empty', () => {
    const rows = alignLines('a\nb\nc\nd', 'a\nd');
    expect(show(rows)).toEqual(['same 1:a|1:a', 'removed 2:b|-', 'removed 3:c|-', 'same 4:d|2:d']);
    expect(summarize(rows)).toEqual({ added: 0, removed: 2 });
  });

  it('a rewritten line is one changed row; extra new lines of the rewrite follow as added', () => {
    const rows = alignLines('intro\nold one\nend', 'intro\nnew one\nnew two\nend');
    expect(show(rows)).toEqual(['same 1:intro|1:intro', 'changed 2:old one|2:new one', 'added -|3:new two', 'same 3:end|4:end']);
    expect(summarize(rows)).toEqual({ added: 2, removed: 1 });
  });

  it('extra old lines of a rewrite follow as removed', () => {
    const rows = alignLines('x\n1\n2\n3\ny', 'x\none\ny');
    expect(show(rows)).toEqual(['same 1:x|1:x', 'changed 2:1|2:one', 'removed 3:2|-', 'removed 4:3|-', 'same 5:y|3:y']);
  });

  it('keeps separate edits apart, each next to its own unchanged neighbours', () => {
    const rows = alignLines('a\nb\nc\nd\ne', 'a\nB\nc\nd\ne\nf');
    expect(show(rows)).toEqual(['same 1:a|1:a', 'changed 2:b|2:B', 'same 3:c|3:c', 'same 4:d|4:d', 'same 5:e|5:e', 'added -|6:f']);
  });

  it('Windows line endings against Unix ones are no difference', () => {
    const rows = alignLines('one\r\ntwo\r\n', 'one\ntwo');
    expect(rows.every((row) => row.kind === 'same')).toBe(true);
    expect(rows).toHaveLength(2);
  });

  it('an empty version against a page is all added, and the other way round all removed', () => {
    expect(show(alignLines('', 'a\nb'))).toEqual(['added -|1:a', 'added -|2:b']);
    expect(show(alignLines('a\nb', ''))).toEqual(['removed 1:a|-', 'removed 2:b|-']);
    expect(alignLines('', '')).toEqual([]);
  });

  it('a 5,000-line page with scattered edits aligns fast and exactly', () => {
    const before = Array.from({ length: 5000 }, (_, index) => `line ${index} of the manual`);
    const after = before.map((line, index) => (index % 500 === 7 ? `${line}, edited` : line));
    after.splice(2500, 0, 'inserted paragraph');
    const started = performance.now();
    const rows = alignLines(before.join('\n'), after.join('\n'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(summarize(rows)).toEqual({ added: 11, removed: 10 });
    expect(rows.filter((row) => row.kind === 'changed')).toHaveLength(10);
    expect(rows.find((row) => row.kind === 'added')?.right).toEqual({ number: 2501, text: 'inserted paragraph' });
    expect(rows.at(-1)).toEqual({ kind: 'same', left: { number: 5000, text: 'line 4999 of the manual' }, right: { number: 5001, text: 'line 4999 of the manual' } });
  });

  it('two unrelated 5,000-line texts still answer fast, as one rewrite', () => {
    const before = Array.from({ length: 5000 }, (_, index) => `old ${index}`).join('\n');
    const after = Array.from({ length: 5000 }, (_, index) => `new ${index}`).join('\n');
    const started = performance.now();
    const rows = alignLines(before, after);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(rows).toHaveLength(5000);
    expect(rows.every((row) => row.kind === 'changed')).toBe(true);
    expect(rows[4999]).toEqual({ kind: 'changed', left: { number: 5000, text: 'old 4999' }, right: { number: 5000, text: 'new 4999' } });
  });

  it('a rewrite too large to diff exactly keeps the shared start and end', () => {
    const middleBefore = Array.from({ length: 800 }, (_, index) => `a${index}`);
    const middleAfter = Array.from({ length: 800 }, (_, index) => `b${index}`);
    const rows = alignLines(['head', ...middleBefore, 'tail'].join('\n'), ['head', ...middleAfter, 'tail'].join('\n'));
    expect(rows[0]?.kind).toBe('same');
    expect(rows.at(-1)).toEqual({ kind: 'same', left: { number: 802, text: 'tail' }, right: { number: 802, text: 'tail' } });
    expect(summarize(rows)).toEqual({ added: 800, removed: 800 });
  });
});
