import { describe, expect, it } from 'vitest';
import { parseJsonDocument, parseYamlDocument } from './document.js';
import { safeEntryPath } from './zip-reader.js';

describe('safeEntryPath', () => {
  it('normalises harmless names', () => {
    expect(safeEntryPath('a/./b.md')).toEqual({ path: 'a/b.md', folder: false });
    expect(safeEntryPath('a\\b.md')).toEqual({ path: 'a/b.md', folder: false });
    expect(safeEntryPath('a//b/')).toEqual({ path: 'a/b', folder: true });
    expect(safeEntryPath('x..y.md')).toEqual({ path: 'x..y.md', folder: false });
  });

  it.each(['../x.md', 'a/../../x.md', '/etc/passwd', '\\x.md', 'c:x.md', 'D:\\x.md', 'a\\..\\..\\x.md', '', './', 'a\u0000b.md'])('refuses %j', (name) => {
    expect(() => safeEntryPath(name)).toThrow(expect.objectContaining({ code: 10101 }));
  });
});

describe('document readers', () => {
  it('drop keys that reach prototypes', () => {
    const parsed = parseJsonDocument('{"__proto__":{"a":1},"b":{"constructor":{"prototype":{"c":1}},"d":2}}');
    expect(parsed).toEqual({ ok: true, value: { b: { d: 2 } } });
    const yaml = parseYamlDocument('__proto__:\n  a: 1\nb: 2\n');
    expect(yaml).toEqual({ b: 2 });
    expect(Object.getPrototypeOf(yaml)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it('say "not JSON" for text that is not, and read YAML dates as text', () => {
    expect(parseJsonDocument('openapi: 3.0.0')).toEqual({ ok: false });
    expect(parseJsonDocument('{"a": }')).toEqual({ ok: false });
    expect(parseYamlDocument('when: 2024-01-01\n')).toEqual({ when: '2024-01-01' });
  });
});
