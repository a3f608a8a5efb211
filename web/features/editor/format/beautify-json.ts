import type { TextEdit, TextSelection } from '../markdown-commands';

export type BeautifyResult = { ok: true; text: string } | { ok: false; text: string };

/** Beautify JSON (seed 001 §5): two-space indentation; text that is not JSON comes back as it was. */
export function beautifyJson(text: string): BeautifyResult {
  try {
    return { ok: true, text: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    return { ok: false, text };
  }
}

/**
 * The editor's "Beautify JSON": the selection when there is one, else the whole text. Leading and
 * trailing blanks of the range are kept, so the JSON stays where it was on its lines.
 */
export function beautifyInEditor(text: string, selection: TextSelection): { ok: true; edit: TextEdit } | { ok: false } {
  const whole = selection.from === selection.to;
  const from = whole ? 0 : selection.from;
  const to = whole ? text.length : selection.to;
  const range = text.slice(from, to);
  const lead = range.length - range.trimStart().length;
  const trail = range.length - range.trimEnd().length;
  const result = beautifyJson(range.trim());
  if (!result.ok) return { ok: false };
  const start = from + lead;
  return { ok: true, edit: { from: start, to: to - trail, insert: result.text, selection: { from: start, to: start + result.text.length } } };
}
