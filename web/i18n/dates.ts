/**
 * Every date or time the app writes itself goes through here, in the interface language: the
 * browser's own locale (what `toLocaleString()` uses) is not the language the person chose, so a
 * Chinese interface in an English browser showed US dates (issue 23). Times the server sends already
 * formatted (`YYYY-MM-DD HH:mm:ss`, as ShowDoc shows them) are shown as they are.
 */

/** `Date`, or milliseconds since 1970 as `Date.now()` gives them. */
export type Moment = Date | number;

const toDate = (value: Moment) => (typeof value === 'number' ? new Date(value) : value);

type Formatter = Intl.DateTimeFormat | Intl.RelativeTimeFormat;

// Making an Intl formatter loads locale data (a few hundred µs each): a list of projects made one per card.
// One per language and kind.
const formats = new Map<string, Formatter>();

function kept<F extends Formatter>(language: string, kind: string, make: () => F): F {
  const key = `${language}|${kind}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

const formatter = (language: string, options: Intl.DateTimeFormatOptions, kind: string) => kept(language, kind, () => new Intl.DateTimeFormat(language, options));

/** Date and time: "Nov 26, 2026, 6:08 AM" / "2026年11月26日 06:08". */
export function formatDateTime(value: Moment, language: string): string {
  return formatter(language, { dateStyle: 'medium', timeStyle: 'short' }, 'dateTime').format(toDate(value));
}

/** The time of day only, for something that happened today: "6:08 AM" / "06:08". */
export function formatTime(value: Moment, language: string): string {
  return formatter(language, { timeStyle: 'short' }, 'time').format(toDate(value));
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
  const format = kept(language, 'relative', () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) {
      return unit === 'second' ? null : format.format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
