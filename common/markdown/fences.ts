/**
 * Fence languages that are not code: the reader draws them (parser.ts) instead of highlighting them,
 * and the Word export turns the same fences into formulas and diagrams.
 */
const MERMAID_FENCES = new Set(['mermaid']);
const MATH_FENCES = new Set(['math', 'katex', 'latex', 'tex']);

/** The first word of a fence's info string, lower-cased (` ```Mermaid title` → `mermaid`). */
export function fenceLanguage(info: string): string {
  return info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

export const isMermaidFence = (language: string): boolean => MERMAID_FENCES.has(language);
export const isMathFence = (language: string): boolean => MATH_FENCES.has(language);
