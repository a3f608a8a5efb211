import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from './en';
import i18n, { detectLanguage, LANGUAGE_STORAGE_KEY, setLanguage } from './index';
import { zhCN } from './zh-CN';

function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );
}

function entriesOf(messages: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [inner, text] of entriesOf(value as object, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
}

function valuesOf(messages: object): string[] {
  return Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : valuesOf(value as object)));
}

describe('interface texts', () => {
  it('English and Chinese have exactly the same keys', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(en).sort());
  });

  it('no text is empty', () => {
    expect(valuesOf(en).filter((text) => text.trim() === '')).toEqual([]);
    expect(valuesOf(zhCN).filter((text) => text.trim() === '')).toEqual([]);
  });

  it('both languages use the same {{placeholders}} in each text', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    const english = entriesOf(en);
    for (const [key, chinese] of entriesOf(zhCN)) {
      expect(placeholders(chinese), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});

describe('interface language', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the browser: any Chinese variant gives zh-CN, anything else English', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-TW');
    expect(detectLanguage()).toBe('zh-CN');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(detectLanguage()).toBe('en');
    vi.restoreAllMocks();
  });

  it('a remembered choice wins over the browser', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-CN');
    expect(detectLanguage()).toBe('zh-CN');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage()).toBe('en');
    vi.restoreAllMocks();
  });

  it('switching remembers the choice and sets <html lang>', async () => {
    await setLanguage('zh-CN');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(i18n.t('nav.login')).toBe('登录');

    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
