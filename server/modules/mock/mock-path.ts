import safeRegex from 'safe-regex2';

/**
 * Mock paths (reference §6.16): `/users/1` matched exactly, or `~<regex>` matched against the requested
 * path. A regex runs on every call to the item's mock URL without login, so it must be cheap in the worst
 * case: ShowDoc's caps and heuristics, plus safe-regex2's star-height check.
 */
export const MAX_PATH_CHARS = 2048;
export const MAX_REGEX_CHARS = 500;

export type PathRule = { ok: true; path: string } | { ok: false; reason: 'tooLong' | 'badRegex' | 'unsafeRegex' };

/** ShowDoc's extra checks: the same alternative twice under a quantifier, or many bounded repeats. */
function looksCatastrophic(source: string): boolean {
  if ((source.match(/\{\d+,\d*\}/g) ?? []).length >= 4) return true;
  for (const group of source.matchAll(/\(([^()]*\|[^()]*)\)[*+{]/g)) {
    const alternatives = (group[1] ?? '').split('|');
    if (new Set(alternatives).size !== alternatives.length) return true;
  }
  return /\([^()]*[*+]\)[*+{]/.test(source);
}

export function normalizeMockPath(raw: string): PathRule {
  const text = raw.trim() === '' ? '/' : raw.trim();
  if (text.startsWith('~')) {
    const source = text.slice(1);
    if (source === '' || source.length > MAX_REGEX_CHARS) return { ok: false, reason: 'tooLong' };
    try {
      new RegExp(source, 'u');
    } catch {
      return { ok: false, reason: 'badRegex' };
    }
    if (!safeRegex(source) || looksCatastrophic(source)) return { ok: false, reason: 'unsafeRegex' };
    return { ok: true, path: text };
  }
  const path = text.startsWith('/') ? text : `/${text}`;
  if (path.length > MAX_PATH_CHARS) return { ok: false, reason: 'tooLong' };
  return { ok: true, path };
}

/** Whether a stored regex rule takes the requested path; a rule that no longer compiles takes nothing. */
export function regexMatches(rule: string, path: string): boolean {
  try {
    return new RegExp(rule.slice(1), 'u').test(path);
  } catch {
    return false;
  }
}
