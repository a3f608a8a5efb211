import fs from 'node:fs';
import { createRequire } from 'node:module';
import { decodeHTMLStrict as entitiesStrict } from 'entities';
import { describe, expect, it } from 'vitest';
import { decodeHTMLStrict } from './dom-entities';

// The names entities itself knows, from its encoding table (one name or more per character).
const require = createRequire(import.meta.url);
const encodeTable = fs.readFileSync(require.resolve('entities').replace(/index\.js$/, 'generated/encode-html.js'), 'utf8');
const names = [...new Set(encodeTable.match(/[A-Za-z][A-Za-z0-9]*;/g) ?? [])];

describe("markdown-it's character references from the browser's parser (dom-entities.ts)", () => {
  it('decodes every reference entities knows, exactly as entities does', () => {
    expect(names.length).toBeGreaterThan(1000);
    const differences = names.map((name) => `&${name}`).filter((reference) => decodeHTMLStrict(reference) !== entitiesStrict(reference));
    expect(differences).toEqual([]);
  });

  it('refuses what strict decoding refuses: legacy prefixes, unknown names, bad numbers', () => {
    const cases = ['&notit;', '&ampx;', '&copyright;', '&lt3;', '&nosuch;', '&semi;', '&#xyz;', '&#123456789;', '&#x110000;', '&AMP;', '&Amp;', '&nGt;'];
    for (const reference of cases) expect(decodeHTMLStrict(reference), reference).toBe(entitiesStrict(reference));
    expect(decodeHTMLStrict('&notit;')).toBe('&notit;');
    expect(decodeHTMLStrict('<b>&amp;</b>')).toBe('<b>&amp;</b>');
  });
});
