import { describe, expect, it } from 'vitest';
import { markdownPlainText } from './plain-text.js';

describe('markdownPlainText', () => {
  it('keeps the words of a page and drops its markup', () => {
    const markdown = [
      '## Installing &amp; upgrading',
      '',
      'Run **npm** and _read_ [the notes](https://x.example/notes),',
      'then `folio --help`.',
      '',
      '|Flag|Meaning|',
      '|:---|:---|',
      '|--fast|Skips *checks*|',
      '',
      '- [ ] a task',
      '> quoted <b>bold</b>',
      '',
      '![logo alt](/logo.png) $E=mc^2$',
      '',
      '```js',
      'const a = 1;',
      '```',
    ].join('\n');
    expect(markdownPlainText(markdown)).toBe(
      ['Installing & upgrading', 'Run npm and read the notes, then folio --help.', 'Flag Meaning', '--fast Skips checks', 'a task', 'quoted bold', 'logo alt E=mc^2', 'const a = 1;'].join('\n'),
    );
  });
});
