import { describe, expect, it } from 'vitest';
import { GROUP_STORAGE_KEY, isItemRef, itemDomainProblem, readStoredGroupId, shouldSearch, visitPasswordToSend } from './item-rules';
import { relativeTime } from '../../i18n/dates';
import { parseServerTime } from './time';

describe('search rule (seed 000 §2)', () => {
  it('does not search for nothing or one non-Chinese character', () => {
    expect(shouldSearch('')).toBe(false);
    expect(shouldSearch('   ')).toBe(false);
    expect(shouldSearch('a')).toBe(false);
    expect(shouldSearch(' 7 ')).toBe(false);
    expect(shouldSearch('é')).toBe(false);
  });

  it('searches for one Chinese character and for anything longer', () => {
    expect(shouldSearch('文')).toBe(true);
    expect(shouldSearch('ab')).toBe(true);
    expect(shouldSearch('😀x')).toBe(true);
  });
});

describe('personal domain', () => {
  it('takes letters and digits, not only digits', () => {
    expect(itemDomainProblem('')).toBeNull();
    expect(itemDomainProblem('apiDocs2')).toBeNull();
    expect(itemDomainProblem('api-docs')).toBe('characters');
    expect(itemDomainProblem('文档')).toBe('characters');
    expect(itemDomainProblem('12345')).toBe('numeric');
    expect(itemDomainProblem('a'.repeat(51))).toBe('length');
  });

  it('project routes accept ids and domains only', () => {
    expect(isItemRef('42')).toBe(true);
    expect(isItemRef('apidocs')).toBe(true);
    expect(isItemRef('favicon.svg')).toBe(false);
    expect(isItemRef(undefined)).toBe(false);
  });
});

describe('visit password to send', () => {
  it('open clears it; private sends the typed one', () => {
    expect(visitPasswordToSend('open', 'ignored', true)).toBe('');
    expect(visitPasswordToSend('private', 'secret', false)).toBe('secret');
  });

  it('private with nothing typed keeps an existing password and refuses when there is none', () => {
    expect(visitPasswordToSend('private', '', true)).toBeUndefined();
    expect(visitPasswordToSend('private', undefined, false)).toBeNull();
  });
});

describe('remembered group', () => {
  it('reads ShowDoc’s key and falls back to All on nonsense', () => {
    window.localStorage.setItem(GROUP_STORAGE_KEY, '-1');
    expect(readStoredGroupId()).toBe(-1);
    window.localStorage.setItem(GROUP_STORAGE_KEY, '12');
    expect(readStoredGroupId()).toBe(12);
    window.localStorage.setItem(GROUP_STORAGE_KEY, 'abc');
    expect(readStoredGroupId()).toBe(0);
    window.localStorage.setItem(GROUP_STORAGE_KEY, '-7');
    expect(readStoredGroupId()).toBe(0);
  });
});

describe('server times', () => {
  it('reads unix seconds and ShowDoc’s formatted times', () => {
    expect(parseServerTime(1_700_000_000)?.getTime()).toBe(1_700_000_000_000);
    expect(parseServerTime('2026-03-04 05:06:07')?.getFullYear()).toBe(2026);
    expect(parseServerTime(0)).toBeNull();
    expect(parseServerTime('soon')).toBeNull();
  });

  it('says how long ago in the interface language', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(relativeTime(new Date('2026-05-07T12:00:00Z'), 'en', now)).toBe('3 days ago');
    expect(relativeTime(new Date('2026-05-10T11:59:50Z'), 'en', now)).toBeNull();
    expect(relativeTime(new Date('2026-05-07T12:00:00Z'), 'zh-CN', now)).toBe('3天前');
  });
});
