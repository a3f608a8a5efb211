import { parseServerTime } from '../item/time';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A version's time as ShowDoc shows times (`YYYY-MM-DD HH:mm:ss`): page/history sends it formatted,
 * page/diff sends unix seconds, which are shown in the browser's time zone.
 */
export function versionTime(value: number | string): string {
  if (typeof value === 'string') return value;
  const date = parseServerTime(value);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
