/**
 * Compares two JSON values by shape: the same keys at every depth and the same JSON type at every leaf
 * (a string where ShowDoc sent a string, a number where it sent a number). Values themselves are not
 * compared. An empty array in the reference says nothing about its elements, so any array matches it.
 */
export function shapeDifferences(expected: unknown, actual: unknown, at = 'data'): string[] {
  const e = jsonType(expected);
  const a = jsonType(actual);
  if (e !== a) return [`${at}: ${e} expected, ${a} found${a === 'string' || a === 'number' ? ` (${JSON.stringify(actual)})` : ''}`];
  if (e === 'array') {
    const exp = expected as unknown[];
    const act = actual as unknown[];
    if (exp.length === 0) return [];
    if (act.length === 0) return [`${at}: ${exp.length} element(s) expected, an empty array found`];
    return act.flatMap((item, i) => shapeDifferences(exp[Math.min(i, exp.length - 1)], item, `${at}[${i}]`));
  }
  if (e === 'object') {
    const exp = expected as Record<string, unknown>;
    const act = actual as Record<string, unknown>;
    const out: string[] = [];
    for (const key of Object.keys(exp)) {
      if (!(key in act)) out.push(`${at}.${key}: missing`);
      else out.push(...shapeDifferences(exp[key], act[key], `${at}.${key}`));
    }
    for (const key of Object.keys(act)) if (!(key in exp)) out.push(`${at}.${key}: not in ShowDoc's answer`);
    return out;
  }
  return [];
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
