import { describe, expect, it } from 'vitest';
import { texToOmml } from './math.js';

/** Text outside `<m:t>`: OMML holds text only in runs, and Word refuses a file with it elsewhere. */
function strayText(omml: string): string[] {
  return [...omml.matchAll(/(<[^>]+>)([^<]+)/g)].filter(([, tag, text]) => !/^<m:t[\s>]/.test(tag ?? '') && (text ?? '').trim() !== '').map(([, , text]) => text ?? '');
}

describe('texToOmml', () => {
  it('turns TeX into one <m:oMath> with structures, not the source text', () => {
    const omml = texToOmml('\\frac{a}{b} + \\sqrt{x^2}', true) ?? '';
    expect(omml).toMatch(/^<m:oMath[\s>]/);
    expect(omml).toContain('<m:f>');
    expect(omml).toContain('<m:rad>');
    expect(omml).not.toContain('annotation');
    expect(omml).not.toContain('\\frac');
  });

  it('keeps every character in a run, also where the converter leaves an operator bare (after \\sum)', () => {
    const omml = texToOmml('\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}', true) ?? '';
    expect(omml).toContain('<m:nary>');
    expect(strayText(omml)).toEqual([]);
    expect(omml).toContain('<m:t xml:space="preserve">=</m:t>');
  });

  it('gives null for TeX that KaTeX cannot read, so the source stays visible', () => {
    expect(texToOmml('\\frac{a', false)).toBeNull();
    expect(texToOmml('a & b', false)).toBeNull();
    expect(texToOmml('   ', false)).toBeNull();
  });

  it('makes no link of \\href (KaTeX runs untrusted, as in the reader)', () => {
    const omml = texToOmml('\\href{https://example.com}{x}', false) ?? '';
    expect(omml).not.toContain('example.com');
  });
});
