import { stringArg, type Generator, type GeneratorContext } from './context.js';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar fields of a date in the server process's local time, as Mock.js running in Node shows them. */
interface Fields {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
  time: number;
}

function fieldsOf(date: Date): Fields {
  // One time-zone lookup, then UTC getters: the local getters each redo it, which showed in profiles.
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hours: local.getUTCHours(),
    minutes: local.getUTCMinutes(),
    seconds: local.getUTCSeconds(),
    milliseconds: local.getUTCMilliseconds(),
    time: date.getTime(),
  };
}

const twelveHour = (f: Fields) => f.hours % 12 || 12;

/** Mock.js's format tokens. */
const TOKENS: ReadonlyMap<string, (f: Fields) => string> = new Map([
  ['yyyy', (f: Fields) => String(f.year)],
  ['yy', (f: Fields) => pad(f.year % 100)],
  ['y', (f: Fields) => String(f.year)],
  ['MM', (f: Fields) => pad(f.month)],
  ['M', (f: Fields) => String(f.month)],
  ['dd', (f: Fields) => pad(f.day)],
  ['d', (f: Fields) => String(f.day)],
  ['HH', (f: Fields) => pad(f.hours)],
  ['H', (f: Fields) => String(f.hours)],
  ['hh', (f: Fields) => pad(twelveHour(f))],
  ['h', (f: Fields) => String(twelveHour(f))],
  ['mm', (f: Fields) => pad(f.minutes)],
  ['m', (f: Fields) => String(f.minutes)],
  ['ss', (f: Fields) => pad(f.seconds)],
  ['s', (f: Fields) => String(f.seconds)],
  ['SS', (f: Fields) => pad(f.milliseconds, 3)],
  ['S', (f: Fields) => String(f.milliseconds)],
  ['A', (f: Fields) => (f.hours < 12 ? 'AM' : 'PM')],
  ['a', (f: Fields) => (f.hours < 12 ? 'am' : 'pm')],
  ['T', (f: Fields) => String(f.time)],
]);
/** Longer tokens come first in the alternation so `yyyy` is not read as four `y`. */
const TOKEN = /yyyy|yy|y|MM|M|dd|d|HH|H|hh|h|mm|m|ss|s|SS|S|A|a|T/g;

type FormatPart = string | ((f: Fields) => string);

/**
 * Formats are read once and kept, since a template repeats the same few thousands of times. Formats come from
 * templates, so the cache is emptied when it grows instead of growing with every distinct format ever seen.
 */
const compiledFormats = new Map<string, FormatPart[]>();
const MAX_CACHED_FORMATS = 256;

function compileFormat(format: string): FormatPart[] {
  let parts = compiledFormats.get(format);
  if (parts) return parts;
  parts = [];
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    if (match.index > last) parts.push(format.slice(last, match.index));
    parts.push(TOKENS.get(match[0]) ?? match[0]);
    last = match.index + match[0].length;
  }
  if (last < format.length) parts.push(format.slice(last));
  if (compiledFormats.size >= MAX_CACHED_FORMATS) compiledFormats.clear();
  compiledFormats.set(format, parts);
  return parts;
}

export function formatDate(date: Date, format: string): string {
  const fields = fieldsOf(date);
  let text = '';
  for (const part of compileFormat(format)) text += typeof part === 'string' ? part : part(fields);
  return text;
}

/** Between the epoch and now, like Mock.js. */
function randomDate(context: GeneratorContext): Date {
  return new Date(context.dice.int(0, Math.max(0, context.now.getTime())));
}

const dated =
  (defaultFormat: string): Generator =>
  (args, context) =>
    formatDate(randomDate(context), stringArg(args, 0) ?? defaultFormat);

const UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'];

/** `@now`, `@now(unit)`, `@now(format)`, `@now(unit, format)`: the start of the current unit. */
const now: Generator = (args, context) => {
  let unit = stringArg(args, 0)?.toLowerCase();
  let format = stringArg(args, 1);
  if (args.length === 1 && unit !== undefined && !UNITS.includes(unit)) {
    format = stringArg(args, 0);
    unit = undefined;
  }
  const date = new Date(context.now.getTime());
  if (unit === 'year') date.setMonth(0, 1);
  if (unit === 'month') date.setDate(1);
  if (unit === 'week') date.setDate(date.getDate() - date.getDay());
  if (unit === 'year' || unit === 'month' || unit === 'week' || unit === 'day') date.setHours(0, 0, 0, 0);
  if (unit === 'hour') date.setMinutes(0, 0, 0);
  if (unit === 'minute') date.setSeconds(0, 0);
  if (unit === 'second') date.setMilliseconds(0);
  return formatDate(date, format ?? 'yyyy-MM-dd HH:mm:ss');
};

export const dateGenerators: Record<string, Generator> = {
  date: dated('yyyy-MM-dd'),
  time: dated('HH:mm:ss'),
  datetime: dated('yyyy-MM-dd HH:mm:ss'),
  now,
};
