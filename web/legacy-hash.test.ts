import { describe, expect, it } from 'vitest';
import { legacyAppPath, legacyHashPath } from './legacy-hash';

describe('old ShowDoc links (/web/#/…)', () => {
  it('maps the fragment to a path', () => {
    expect(legacyHashPath('#/123')).toBe('/123');
    expect(legacyHashPath('#/123/45')).toBe('/123/45');
    expect(legacyHashPath('#/user/login?redirect=/item/index')).toBe('/user/login?redirect=/item/index');
  });

  it('leaves other fragments alone', () => {
    expect(legacyHashPath('')).toBeNull();
    expect(legacyHashPath('#section-2')).toBeNull();
  });

  it('never produces a path another host could be read from', () => {
    expect(legacyHashPath('#//evil.example')).toBeNull();
    expect(legacyHashPath('#/\\evil.example')).toBeNull();
  });
});

describe('ShowDoc’s entry page (/web/index.html), which the server answers with this app', () => {
  it('shows its #/ route at the real path', () => {
    expect(legacyAppPath('/web/index.html', '#/12/34')).toBe('/12/34');
    expect(legacyAppPath('/web/', '#/12/34')).toBe('/12/34');
    expect(legacyAppPath('/', '#/12/34')).toBe('/12/34');
  });

  it('shows the bare entry page as the home page, not as project “web”', () => {
    expect(legacyAppPath('/web/index.html', '')).toBe('/');
    expect(legacyAppPath('/web/index.html', '#/')).toBe('/');
    expect(legacyAppPath('/web/index.html', '#//evil.example')).toBe('/');
  });

  it('leaves Folio’s own addresses alone', () => {
    expect(legacyAppPath('/12/34', '')).toBeNull();
    expect(legacyAppPath('/web/34', '')).toBeNull();
    expect(legacyAppPath('/item/index', '#section-2')).toBeNull();
  });
});
