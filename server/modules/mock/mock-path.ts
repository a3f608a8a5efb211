import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/**
 * Mock paths (reference §6.16): `/users/1` matched exactly, or `~<regex>` matched against the requested
 * path. A regex runs on every call to the project's mock URL without login, so it runs on RE2 (re2js, the
 * pure-JavaScript port: linear time whatever the pattern and the path, no native build). RE2 has no
 * lookaround and no backreferences; such patterns are refused at save. ShowDoc's own refusals (nested
 * quantifiers, a repeated alternative under a quantifier, many bounded repeats) are kept so that a
 * project moved from ShowDoc and one made here accept the same rules.
 */
export const MAX_PATH_CHARS = 2048;
export const MAX_REGEX_CHARS = 500;

export type PathRule = { ok: true; path: string } | { ok: false; reason: 'tooLong' | 'badRegex' | 'unsafeRegex' };

/** ShowDoc's `isSafeRegex` heuristics. */
function looksCatastrophic(source: string): boolean {
  if ((source.match(/\{\d+,\d*\}/g) ?? []).length >= 4) return true;
  for (const group of source.matchAll(/\(([^()]*\|[^()]*)\)[*+{]/g)) {
    const alternatives = (group[1] ?? '').split('|');
    if (new Set(alternatives).size !== alternatives.length) return true;
  }
  return /\([^()]*[*+]\)[*+{]/.test(source);
}

/** Compiled rules by source; bounded, since every project's rules pass through here. */
const compiled = new Map<string, RE2JS | null>();
const MAX_COMPILED = 1000;

let re2js: typeof import('re2js') | undefined;

function compile(source: string): RE2JS | null {
  const known = compiled.get(source);
  if (known !== undefined) return known;
  // Required (it ships CommonJS too) with the first mock rule, not at start (issue 21: idle memory).
  re2js ??= createRequire(import.meta.url)('re2js') as typeof import('re2js');
  let pattern: RE2JS | null;
  try {
    pattern = re2js.RE2JS.compile(source);
  } catch {
    pattern = null;
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(source, pattern);
  return pattern;
}

export function normalizeMockPath(raw: string): PathRule {
  const text = raw.trim() === '' ? '/' : raw.trim();
  if (text.startsWith('~')) {
    const source = text.slice(1);
    if (source === '' || source.length > MAX_REGEX_CHARS) return { ok: false, reason: 'tooLong' };
    if (compile(source) === null) return { ok: false, reason: 'badRegex' };
    if (looksCatastrophic(source)) return { ok: false, reason: 'unsafeRegex' };
    return { ok: true, path: text };
  }
  const path = text.startsWith('/') ? text : `/${text}`;
  if (path.length > MAX_PATH_CHARS) return { ok: false, reason: 'tooLong' };
  return { ok: true, path };
}

/**
 * Whether a stored regex rule takes the requested path (a partial match, as PCRE's preg_match). Rules
 * imported from ShowDoc skipped our checks; RE2 keeps them linear, and one that does not compile takes nothing.
 */
export function regexMatches(rule: string, path: string): boolean {
  return compile(rule.slice(1))?.test(path) ?? false;
}
