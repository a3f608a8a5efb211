import { Fragment } from 'react';
import type { DiffRow } from './side-by-side';
import { wordSegments, type LinePairSegments, type Segment } from './word-diff';

// Both views, and both lines of a pair in the one-column view, ask for the same row's words.
const cache = new WeakMap<DiffRow, LinePairSegments>();

/** The word pieces of a `changed` row; null for any other row. */
export function rowSegments(row: DiffRow): LinePairSegments | null {
  if (row.kind !== 'changed' || !row.left || !row.right) return null;
  let segments = cache.get(row);
  if (!segments) {
    segments = wordSegments(row.left.text, row.right.text);
    cache.set(row, segments);
  }
  return segments;
}

/** A line's text, its changed words marked as deleted (old side) or inserted (new side). */
export function LineText({ text, segments, side }: { text: string; segments: Segment[] | undefined; side: 'old' | 'new' }) {
  if (!segments) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) => {
        if (!segment.changed) return <Fragment key={index}>{segment.text}</Fragment>;
        return side === 'old' ? (
          <del key={index} className="diff-word">
            {segment.text}
          </del>
        ) : (
          <ins key={index} className="diff-word">
            {segment.text}
          </ins>
        );
      })}
    </>
  );
}
