import { describe, expect, it } from 'vitest';
import { legacyHashPath } from './legacy-hash';

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
