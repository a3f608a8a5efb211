import { describe, expect, it } from 'vitest';
import { isSafeRedirect, readRedirect } from './redirect.js';

describe('login redirect targets', () => {
  it.each(['/item/index', '/12/34', '/item/password/5', '/page/edit/1/0', '/a-b_c.d', '/x?y'])('accepts %s', (t) => {
    expect(isSafeRedirect(t)).toBe(true);
  });

  it.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    '%2F%2Fevil.com',
    '/%09/evil.com',
    'javascript:alert(1)',
    '/item/../..//evil.com',
    '/item/..',
    'item/index',
    '/a b',
    '/a\u0000b',
    '/x?y=1',
    '/' + 'a'.repeat(1001),
  ])('A13 · refuses %s', (t) => {
    expect(isSafeRedirect(t)).toBe(false);
  });

  it('reports an illegal redirect apart from a missing one', () => {
    expect(readRedirect(null)).toEqual({ target: null, illegal: false });
    expect(readRedirect('')).toEqual({ target: null, illegal: false });
    expect(readRedirect('//evil.com')).toEqual({ target: null, illegal: true });
    expect(readRedirect('/item/index')).toEqual({ target: '/item/index', illegal: false });
  });
});
