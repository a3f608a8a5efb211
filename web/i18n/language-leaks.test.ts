import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorTexts } from '../../common/errors';
import { serverMessages } from '../../common/server-messages';
import { en } from './en';
import { zhCN } from './zh-CN';

/** Every text of a message table with its key path. */
function entriesOf(messages: object, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value as object, `${prefix}${key}.`),
  );
}

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;
/** Language names are written in their own language in the switcher, so Chinese appears as 中文. */
const LANGUAGE_NAMES = new Set(['lang.zhCN']);
/** Messages show in Message, Alert and notification as plain text: markdown would show literally. */
const MARKDOWN = /`|\*\*|__|\]\(/;

const serverEnglish = [
  ...Object.entries(serverMessages).map(([key, text]): [string, string] => [`server.${key}`, text.en]),
  ...Object.entries(errorTexts).map(([code, text]): [string, string] => [`error.${code}`, text.en]),
];
const serverChinese = [
  ...Object.entries(serverMessages).map(([key, text]): [string, string] => [`server.${key}`, text.zh]),
  ...Object.entries(errorTexts).map(([code, text]): [string, string] => [`error.${code}`, text.zh]),
];

describe('language leaks (issue 23)', () => {
  it('no English text of the interface or of the server holds Chinese, apart from language names', () => {
    const leaks = [...entriesOf(en), ...serverEnglish].filter(([key, text]) => CJK.test(text) && !LANGUAGE_NAMES.has(key));
    expect(leaks).toEqual([]);
  });

  it('no message in either language holds markdown or backticks', () => {
    const all = [...entriesOf(en), ...entriesOf(zhCN), ...serverEnglish, ...serverChinese];
    expect(all.filter(([, text]) => MARKDOWN.test(text))).toEqual([]);
  });
});

const webRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('dates of the interface', () => {
  it('are formatted only by web/i18n/dates.ts, which takes the interface language', () => {
    // toLocaleString() and friends follow the browser's locale, not the language the person chose.
    const browserLocale = /\.toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat\(|Intl\.RelativeTimeFormat\(/;
    const helper = path.join(webRoot, 'i18n', 'dates.ts');
    const offenders = sourceFiles(webRoot)
      .filter((file) => file !== helper && browserLocale.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(webRoot, file));
    expect(offenders).toEqual([]);
  });
});
