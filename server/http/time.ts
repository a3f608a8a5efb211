/**
 * Times go out as ShowDoc shows them: `YYYY-MM-DD HH:mm:ss` in the site's time zone. The database keeps
 * unix seconds; 0 there means "never", which is shown as an empty string.
 */
export function formatTime(unixSeconds: number, timeZone: string): string {
  if (unixSeconds === 0 || !Number.isFinite(unixSeconds)) return '';
  // formatToParts costs more than the rest of a page read's presentation (issue 21's profile); the same
  // times (a page's, a project's) are shown again and again.
  const key = `${timeZone}|${unixSeconds}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  const text = format(unixSeconds, timeZone);
  formatted.set(key, text);
  return text;
}

const formatted = new Map<string, string>();
const FORMATTED_MAX = 10_000;

function format(unixSeconds: number, timeZone: string): string {
  const parts = new Map(formatterFor(timeZone).formatToParts(unixSeconds * 1000).map((p) => [p.type, p.value]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? '00';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

// One formatter per zone: building them is the expensive part, and a site has one zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // `hour12: false` prints midnight as "24" in some ICU versions; h23 does not.
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
