import { describe, expect, it } from 'vitest';
import { formatTime } from './time.js';

describe('formatTime', () => {
  it('shows unix seconds as YYYY-MM-DD HH:mm:ss in the given zone', () => {
    expect(formatTime(1_800_000_000, 'UTC')).toBe('2027-01-15 08:00:00');
    expect(formatTime(1_800_000_000, 'Asia/Shanghai')).toBe('2027-01-15 16:00:00');
    expect(formatTime(1_800_000_000, 'America/Los_Angeles')).toBe('2027-01-15 00:00:00');
  });

  it('pads every field with zeros and keeps a 24-hour clock', () => {
    expect(formatTime(Date.UTC(2024, 0, 2, 3, 4, 5) / 1000, 'UTC')).toBe('2024-01-02 03:04:05');
    expect(formatTime(Date.UTC(2024, 6, 9, 21, 30, 0) / 1000, 'UTC')).toBe('2024-07-09 21:30:00');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatTime(Date.UTC(2024, 0, 1, 0, 0, 0) / 1000, 'UTC')).toBe('2024-01-01 00:00:00');
    expect(formatTime(Date.UTC(2023, 11, 31, 16, 0, 0) / 1000, 'Asia/Shanghai')).toBe('2024-01-01 00:00:00');
  });

  it('follows daylight saving time in the zone', () => {
    // 2024-03-10: New York moves from EST (UTC-5) to EDT (UTC-4) at 07:00 UTC.
    expect(formatTime(Date.UTC(2024, 2, 10, 6, 0, 0) / 1000, 'America/New_York')).toBe('2024-03-10 01:00:00');
    expect(formatTime(Date.UTC(2024, 2, 10, 7, 0, 0) / 1000, 'America/New_York')).toBe('2024-03-10 03:00:00');
  });

  it('crosses the date line with the zone', () => {
    expect(formatTime(Date.UTC(1999, 11, 31, 23, 59, 59) / 1000, 'UTC')).toBe('1999-12-31 23:59:59');
    expect(formatTime(Date.UTC(1999, 11, 31, 23, 59, 59) / 1000, 'Pacific/Auckland')).toBe('2000-01-01 12:59:59');
  });

  it('drops fractions of a second', () => {
    expect(formatTime(1_800_000_000.9, 'UTC')).toBe('2027-01-15 08:00:00');
  });

  it('shows 0 ("never") as an empty string', () => {
    expect(formatTime(0, 'UTC')).toBe('');
    expect(formatTime(0, 'Asia/Shanghai')).toBe('');
  });

  it('refuses an unknown zone instead of guessing one', () => {
    expect(() => formatTime(1_800_000_000, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
