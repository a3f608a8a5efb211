import { describe, expect, it } from 'vitest';
import { MAX_WORD_DIFF_CHARS, tokenize, wordSegments, type Segment } from './word-diff';

/** `[changed]` pieces in brackets. */
const show = (segments: Segment[]) => segments.map((segment) => (segment.changed ? `[${segment.text}]` : segment.text)).join('');

describe('wordSegments', () => {
  it('marks the words that differ, on each side', () => {
    const { left, right } = wordSegments('The token expires after 30 days.', 'The token expires after 90 days.');
    expect(show(left)).toBe('The token expires after [30] days.');
    expect(show(right)).toBe('The token expires after [90] days.');
  });

  it('marks words only one side has', () => {
    const { left, right } = wordSegments('Send the request.', 'Send the signed request.');
    expect(show(left)).toBe('Send the request.');
    expect(show(right)).toBe('Send the [signed ]request.');
  });

  it('takes each Chinese character as a word', () => {
    expect(tokenize('使用API密钥')).toEqual(['使', '用', 'API', '密', '钥']);
    const { left, right } = wordSegments('请求需要登录后访问', '请求需要管理员登录后访问');
    expect(show(left)).toBe('请求需要登录后访问');
    expect(show(right)).toBe('请求需要[管理员]登录后访问');
  });

  it('sees changed indentation and punctuation', () => {
    expect(show(wordSegments('  - item', '    - item').right)).toBe('[    ]- item');
    expect(show(wordSegments('a, b', 'a; b').right)).toBe('a[;] b');
  });

  it('a space between two edits is part of the edit', () => {
    const { right } = wordSegments('keep old words here', 'keep new things here');
    expect(show(right)).toBe('keep [new things] here');
  });

  it('lines with little in common are not marked word by word', () => {
    const { left, right } = wordSegments('| name | type |', 'Install the package first');
    expect(left).toEqual([{ text: '| name | type |', changed: false }]);
    expect(right).toEqual([{ text: 'Install the package first', changed: false }]);
  });

  it('an emptied line, and very long lines, are left whole', () => {
    expect(wordSegments('', 'text')).toEqual({ left: [], right: [{ text: 'text', changed: false }] });
    const long = 'x'.repeat(MAX_WORD_DIFF_CHARS + 1);
    expect(wordSegments(long, `${long}y`).right).toEqual([{ text: `${long}y`, changed: false }]);
  });

  it('the pieces of each side join back into its line', () => {
    const before = '`GET /api/page/info` answers {"page_id": 1} 中文';
    const after = '`POST /api/page/info` answers { "page_id": 2 } 中文字';
    const { left, right } = wordSegments(before, after);
    expect(left.map((segment) => segment.text).join('')).toBe(before);
    expect(right.map((segment) => segment.text).join('')).toBe(after);
  });
});
