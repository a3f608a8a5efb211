import { Button } from 'antd';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { foldUnchanged } from './folding';
import { LineText, rowSegments } from './LineText';
import type { DiffRow } from './side-by-side';
import { unifiedLines, type UnifiedLine } from './unified';

export type DiffLayout = 'split' | 'unified';

interface DiffViewProps {
  rows: DiffRow[];
  /** Side by side on wide screens, one column on phones. */
  layout: DiffLayout;
  /** Heading of the earlier version's column. */
  oldLabel: string;
  /** Heading of the current version's column. */
  newLabel: string;
}

/** Words read out before a coloured line, so the difference does not rest on colour alone. */
interface LineMarks {
  removed: string;
  added: string;
}

/**
 * The aligned lines of two versions as a table: line numbers, removed/added/changed lines coloured,
 * changed words marked, and long unchanged runs folded until asked for.
 */
export function DiffView({ rows, layout, oldLabel, newLabel }: DiffViewProps) {
  const { t } = useTranslation();
  const chunks = useMemo(() => foldUnchanged(rows), [rows]);
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(() => new Set());
  // One object while the language stays, so unchanged rows are not drawn again when a fold opens.
  const marks = useMemo<LineMarks>(() => ({ removed: t('history.diff.lineRemoved'), added: t('history.diff.lineAdded') }), [t]);
  const columns = layout === 'split' ? 4 : 3;

  const body: ReactNode[] = [];
  for (const chunk of chunks) {
    if (chunk.kind === 'fold' && !unfolded.has(chunk.id)) {
      body.push(
        <tr key={`fold-${chunk.id}`} className="diff-fold">
          <td colSpan={columns}>
            <Button type="link" size="small" onClick={() => setUnfolded((open) => new Set(open).add(chunk.id))}>
              {t('history.diff.showUnchanged', { count: chunk.rows.length })}
            </Button>
          </td>
        </tr>,
      );
    } else if (layout === 'split') {
      for (const row of chunk.rows) body.push(<SplitRow key={rowKey(row)} row={row} marks={marks} />);
    } else {
      for (const line of unifiedLines(chunk.rows)) body.push(<UnifiedRow key={lineKey(line)} line={line} marks={marks} />);
    }
  }

  return (
    <table className={`diff-table diff-${layout}`}>
      <caption className="visually-hidden">{t('history.diff.table')}</caption>
      {layout === 'split' ? (
        <colgroup>
          <col className="diff-num-col" />
          <col />
          <col className="diff-num-col" />
          <col />
        </colgroup>
      ) : (
        <colgroup>
          <col className="diff-num-col" />
          <col className="diff-num-col" />
          <col />
        </colgroup>
      )}
      <thead>
        {layout === 'split' ? (
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('history.diff.lineNumber')}</span>
            </th>
            <th scope="col">{oldLabel}</th>
            <th scope="col">
              <span className="visually-hidden">{t('history.diff.lineNumber')}</span>
            </th>
            <th scope="col">{newLabel}</th>
          </tr>
        ) : (
          <tr>
            <th scope="col" title={oldLabel}>
              <span aria-hidden>−</span>
              <span className="visually-hidden">{oldLabel}</span>
            </th>
            <th scope="col" title={newLabel}>
              <span aria-hidden>+</span>
              <span className="visually-hidden">{newLabel}</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('history.diff.text')}</span>
            </th>
          </tr>
        )}
      </thead>
      <tbody>{body}</tbody>
    </table>
  );
}

const rowKey = (row: DiffRow) => `${row.left?.number ?? '-'}:${row.right?.number ?? '-'}`;
const lineKey = (line: UnifiedLine) => `${line.kind}:${line.oldNumber ?? '-'}:${line.newNumber ?? '-'}`;

const SplitRow = memo(function SplitRow({ row, marks }: { row: DiffRow; marks: LineMarks }) {
  const segments = rowSegments(row);
  const changed = row.kind !== 'same';
  return (
    <tr className={`diff-row diff-row-${row.kind}`}>
      <td className="diff-num">{row.left?.number}</td>
      <td className={row.left ? `diff-text${changed ? ' is-removed' : ''}` : 'diff-text is-empty'}>
        {row.left && changed && <span className="visually-hidden">{marks.removed} </span>}
        {row.left && <LineText text={row.left.text} segments={segments?.left} side="old" />}
      </td>
      <td className="diff-num">{row.right?.number}</td>
      <td className={row.right ? `diff-text${changed ? ' is-added' : ''}` : 'diff-text is-empty'}>
        {row.right && changed && <span className="visually-hidden">{marks.added} </span>}
        {row.right && <LineText text={row.right.text} segments={segments?.right} side="new" />}
      </td>
    </tr>
  );
});

const UnifiedRow = memo(function UnifiedRow({ line, marks }: { line: UnifiedLine; marks: LineMarks }) {
  const segments = rowSegments(line.row);
  const mark = line.kind === 'removed' ? 'is-removed' : line.kind === 'added' ? 'is-added' : '';
  return (
    <tr className={`diff-row diff-line-${line.kind}`}>
      <td className="diff-num">{line.oldNumber}</td>
      <td className="diff-num">{line.newNumber}</td>
      <td className={mark ? `diff-text ${mark}` : 'diff-text'}>
        {line.kind !== 'same' && <span className="visually-hidden">{line.kind === 'removed' ? marks.removed : marks.added} </span>}
        <LineText text={line.text} segments={line.kind === 'removed' ? segments?.left : line.kind === 'added' ? segments?.right : undefined} side={line.kind === 'removed' ? 'old' : 'new'} />
      </td>
    </tr>
  );
});
