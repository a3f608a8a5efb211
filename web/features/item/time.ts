/** Lists and page/diff send unix seconds (0 = never); other answers send `YYYY-MM-DD HH:mm:ss`. Null when neither. */
export function parseServerTime(value: number | string): Date | null {
  if (typeof value === 'number') return value > 0 ? new Date(value * 1000) : null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 days ago" / "3天前" in the interface language; null under a minute (callers say "just now"). */
export function relativeTime(date: Date, language: string, now: Date = new Date()): string | null {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) {
      return unit === 'second' ? null : format.format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
