import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, relativeTime } from './dates';

// 26 November 2026, 18:08 in the browser's time zone.
const evening = new Date(2026, 10, 26, 18, 8);

describe('dates in the interface language', () => {
  it('writes a date and time as Chinese readers write it in the Chinese interface', () => {
    expect(formatDateTime(evening, 'zh-CN')).toBe('2026年11月26日 18:08');
    expect(formatTime(evening, 'zh-CN')).toBe('18:08');
  });

  it('writes a date and time as English readers write it in the English interface', () => {
    // Intl puts a narrow no-break space before AM/PM.
    expect(formatDateTime(evening, 'en')).toMatch(/^Nov 26, 2026, 6:08\sPM$/);
    expect(formatTime(evening, 'en')).toMatch(/^6:08\sPM$/);
  });

  it('takes milliseconds as Date.now() gives them', () => {
    expect(formatDateTime(evening.getTime(), 'zh-CN')).toBe('2026年11月26日 18:08');
  });

  it('says how long ago in the interface language', () => {
    const now = new Date(2026, 10, 26, 18, 8);
    expect(relativeTime(new Date(2026, 10, 23, 18, 8), 'en', now)).toBe('3 days ago');
    expect(relativeTime(new Date(2026, 10, 23, 18, 8), 'zh-CN', now)).toBe('3天前');
  });
});
