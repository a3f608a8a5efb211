/**
 * ShowDoc's columns are loosely typed (SQLite affinity, CHAR(200) numbers, NULLs where defaults were
 * meant); these read them as what Folio's columns hold.
 */

export function int(value: unknown, fallback = 0): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Math.trunc(Number(value));
  return fallback;
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

/** A positive id, or null. */
export function id(value: unknown): number | null {
  const n = int(value, 0);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** Half surrogates cannot be stored as UTF-8 (PostgreSQL refuses them, SQLite mangles them). */
export function wellFormedText(value: unknown): string {
  // PostgreSQL refuses NUL in text.
  return text(value)
    .split('\u0000')
    .join('')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const SHANGHAI_OFFSET_SECONDS = 8 * 3600;

/**
 * ShowDoc writes `*_at`, `optime`, `message*.addtime`, `sub_time`, mock/file_page `addtime` as
 * 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (UTC+8, no daylight saving since 1991); Folio keeps unix
 * seconds. Numbers are taken as unix seconds already; anything else is 0 (unknown).
 */
export function shanghaiTime(value: unknown): number {
  if (typeof value === 'number') return Math.max(0, Math.trunc(value));
  const s = text(value).trim();
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (!m) return 0;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)) / 1000;
  return Number.isFinite(utc) ? Math.max(0, utc - SHANGHAI_OFFSET_SECONDS) : 0;
}

/** Comma-separated positive ids ('' = none), keeping only the ones `keep` accepts. */
export function idList(value: unknown, keep: (n: number) => boolean): { kept: number[]; dropped: string[] } {
  const kept: number[] = [];
  const dropped: string[] = [];
  for (const part of text(value).split(',')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const n = id(trimmed);
    if (n !== null && keep(n)) kept.push(n);
    else dropped.push(trimmed);
  }
  return { kept, dropped };
}
