import { describe, expect, it } from 'vitest';
import { markdownPlainText } from './plain-text.js';

// Text without anything link-like is parsed with linkify off (it is most of the cost of a snippet); text
// that may hold a link still reads as linkify shows it (a link's text is its decoded address).
describe('markdownPlainText and links', () => {
  it('shows an address as linkify does: percent-escapes decoded', () => {
    expect(markdownPlainText('see https://x.example/%E4%B8%AD now')).toBe('see https://x.example/中 now');
  });

  it('finds a scheme link after a symbol, where linkify.test does not look', () => {
    expect(markdownPlainText('cost $http://intranet/%E4%B8%AD')).toBe('cost $http://intranet/中');
  });

  it('reads text without links the same, paragraph by paragraph', () => {
    expect(markdownPlainText('request **status** 订单.\nnext line\n\n| a | b |\n|---|---|\n| c | d |')).toBe('request status 订单. next line\na b\nc d');
  });
});
