/** Lists and page/diff send unix seconds (0 = never); other answers send `YYYY-MM-DD HH:mm:ss`. Null when neither. */
export function parseServerTime(value: number | string): Date | null {
  if (typeof value === 'number') return value > 0 ? new Date(value * 1000) : null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
}
