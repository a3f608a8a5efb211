import type { XBorderEdge, XStyle } from '../../../../common/spreadsheet/xsheet';

/**
 * Borders: x-spreadsheet keeps them in each cell's style; Fortune-sheet keeps a list on the sheet
 * (`config.borderInfo`), either per cell or as a range with a border type (what its toolbar writes).
 */

export interface FortuneEdge {
  style: number;
  color: string;
}

export interface FortuneCellBorder {
  rangeType: 'cell';
  value: { row_index: number; col_index: number; l?: FortuneEdge; r?: FortuneEdge; t?: FortuneEdge; b?: FortuneEdge };
}

export interface FortuneRangeBorder {
  rangeType: 'range';
  borderType: string;
  style: number | string;
  color: string;
  range: { row: [number, number]; column: [number, number] }[];
}

export type CellBorder = NonNullable<XStyle['border']>;

/** Luckysheet's line style codes for x-spreadsheet's line names. */
const LINE_CODES: Record<string, number> = { thin: 1, dotted: 3, dashed: 4, double: 7, medium: 8, thick: 13 };
/** The other way, including the styles x-spreadsheet has no name for (hair, dash-dot…), mapped to the nearest. */
const LINE_NAMES: Record<number, string> = { 1: 'thin', 2: 'thin', 3: 'dotted', 4: 'dashed', 5: 'dashed', 6: 'dashed', 7: 'double', 8: 'medium', 9: 'dashed', 10: 'dashed', 11: 'dashed', 12: 'dashed', 13: 'thick' };

const SIDES = [
  ['top', 't'],
  ['right', 'r'],
  ['bottom', 'b'],
  ['left', 'l'],
] as const;

function toEdge(edge: XBorderEdge): FortuneEdge {
  return { style: LINE_CODES[edge[0]] ?? 1, color: edge[1] };
}

function fromEdge(edge: FortuneEdge): XBorderEdge {
  return [LINE_NAMES[Number(edge.style)] ?? 'thin', edge.color];
}

export function borderToFortune(row: number, col: number, border: CellBorder): FortuneCellBorder | null {
  const value: FortuneCellBorder['value'] = { row_index: row, col_index: col };
  let any = false;
  for (const [side, short] of SIDES) {
    const edge = border[side];
    if (edge) {
      value[short] = toEdge(edge);
      any = true;
    }
  }
  return any ? { rangeType: 'cell', value } : null;
}

type Edges = Partial<Record<'t' | 'r' | 'b' | 'l', FortuneEdge | null>>;

/** Which edges a range border type gives the cell (r, c) of the range. */
function edgesOfRange(type: string, r: number, c: number, rows: [number, number], cols: [number, number]): ('t' | 'r' | 'b' | 'l')[] {
  const [r1, r2] = rows;
  const [c1, c2] = cols;
  const inner = { t: r > r1, b: r < r2, l: c > c1, r: c < c2 };
  const outer = { t: r === r1, b: r === r2, l: c === c1, r: c === c2 };
  switch (type) {
    case 'border-all':
      return ['t', 'r', 'b', 'l'];
    case 'border-outside':
      return (['t', 'r', 'b', 'l'] as const).filter((side) => outer[side]);
    case 'border-inside':
      return (['t', 'r', 'b', 'l'] as const).filter((side) => inner[side]);
    case 'border-horizontal':
      return (['t', 'b'] as const).filter((side) => inner[side]);
    case 'border-vertical':
      return (['l', 'r'] as const).filter((side) => inner[side]);
    case 'border-top':
      return outer.t ? ['t'] : [];
    case 'border-bottom':
      return outer.b ? ['b'] : [];
    case 'border-left':
      return outer.l ? ['l'] : [];
    case 'border-right':
      return outer.r ? ['r'] : [];
    default:
      return [];
  }
}

/** Every cell's border after applying the sheet's border list in order (later entries win). */
export function bordersFromFortune(borderInfo: unknown[] | undefined): Map<string, CellBorder> {
  const edges = new Map<string, Edges>();
  const at = (r: number, c: number) => {
    const key = `${r}_${c}`;
    let cell = edges.get(key);
    if (!cell) {
      cell = {};
      edges.set(key, cell);
    }
    return cell;
  };
  for (const raw of borderInfo ?? []) {
    const entry = raw as FortuneCellBorder | FortuneRangeBorder;
    if (entry.rangeType === 'cell') {
      const { row_index, col_index, ...sides } = entry.value;
      const cell = at(row_index, col_index);
      for (const [, short] of SIDES) if (sides[short]) cell[short] = sides[short];
    } else if (entry.rangeType === 'range') {
      for (const range of entry.range) {
        const [r1, r2] = range.row;
        const [c1, c2] = range.column;
        // A huge selection (whole columns) has no cells worth a border beyond what x-spreadsheet shows.
        if ((r2 - r1 + 1) * (c2 - c1 + 1) > 200_000) continue;
        for (let r = r1; r <= r2; r += 1) {
          for (let c = c1; c <= c2; c += 1) {
            const cell = at(r, c);
            if (entry.borderType === 'border-none') {
              for (const [, short] of SIDES) cell[short] = null;
              continue;
            }
            for (const side of edgesOfRange(entry.borderType, r, c, range.row, range.column)) {
              cell[side] = { style: Number(entry.style), color: entry.color };
            }
          }
        }
      }
    }
  }
  const out = new Map<string, CellBorder>();
  for (const [key, cell] of edges) {
    const border: CellBorder = {};
    for (const [side, short] of SIDES) {
      const edge = cell[short];
      if (edge) border[side] = fromEdge(edge);
    }
    if (Object.keys(border).length > 0) out.set(key, border);
  }
  return out;
}
