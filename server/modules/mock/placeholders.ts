import { parseArguments, type Literal } from './arguments.js';

export type Segment =
  | { readonly kind: 'text'; readonly text: string; readonly bytes: number }
  | { readonly kind: 'placeholder'; readonly raw: string; readonly name: string; readonly args: Literal[] };

/**
 * Placeholder names are identifiers. Mock.js takes every character up to `@#%&()?` or a space, so `@name,`
 * looked for a generator called `name,`; stopping at punctuation makes `"@first, @last"` work as people expect.
 * Paths (`@/a/b`, `@../x`) are not names here, so they stay in the text as written.
 */
const NAME = /[\p{L}_$][\p{L}\p{N}_$]*/uy;

/**
 * Cuts a template string into literal text and placeholders, once per distinct string, so repeating a string a
 * thousand times does not re-read its arguments a thousand times. `\@` is a literal `@`. A placeholder whose
 * arguments are not literals stays in the text exactly as written, up to its closing parenthesis.
 */
export function compileString(source: string): Segment[] {
  const segments: Segment[] = [];
  let text = '';
  const flush = () => {
    if (text) segments.push({ kind: 'text', text, bytes: Buffer.byteLength(text) });
    text = '';
  };
  let index = 0;
  while (index < source.length) {
    const at = source.indexOf('@', index);
    if (at < 0) {
      text += source.slice(index);
      break;
    }
    if (at > index && source[at - 1] === '\\') {
      text += source.slice(index, at - 1) + '@';
      index = at + 1;
      continue;
    }
    text += source.slice(index, at);
    NAME.lastIndex = at + 1;
    const name = NAME.exec(source)?.[0];
    if (name === undefined) {
      text += '@';
      index = at + 1;
      continue;
    }
    let end = at + 1 + name.length;
    let args: Literal[] = [];
    if (source[end] === '(') {
      const parsed = parseArguments(source, end + 1);
      if (!parsed.ok) {
        // Everything the reader looked at is kept as text, so no character is read twice.
        const close = source.indexOf(')', Math.max(parsed.stop, end));
        const rawEnd = close < 0 ? source.length : close + 1;
        text += source.slice(at, rawEnd);
        index = rawEnd;
        continue;
      }
      args = parsed.args;
      end = parsed.end;
    }
    flush();
    segments.push({ kind: 'placeholder', raw: source.slice(at, end), name, args });
    index = end;
  }
  flush();
  return segments;
}
