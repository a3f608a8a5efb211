/**
 * The markdown toolbar's edits as pure functions of the text and the selection, so they are tested
 * without an editor. Each answers the replacement for a range and where the selection goes after it.
 */
export interface TextSelection {
  from: number;
  to: number;
}

export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  /** The selection after the edit, in the new text. */
  selection: TextSelection;
}

export type MarkdownCommand =
  | 'bold'
  | 'italic'
  | 'strike'
  | 'inlineCode'
  | 'heading2'
  | 'heading3'
  | 'quote'
  | 'bulletList'
  | 'orderedList'
  | 'taskList'
  | 'codeBlock'
  | 'link'
  | 'image'
  | 'table'
  | 'rule';

/** `**text**`: wraps the selection, or inserts the markers around a placeholder that is left selected. */
function wrap(text: string, sel: TextSelection, marker: string, placeholder: string): TextEdit {
  const chosen = text.slice(sel.from, sel.to);
  // Pressing bold on bold text takes the markers off again.
  const before = text.slice(sel.from - marker.length, sel.from);
  const after = text.slice(sel.to, sel.to + marker.length);
  if (chosen !== '' && before === marker && after === marker) {
    return { from: sel.from - marker.length, to: sel.to + marker.length, insert: chosen, selection: { from: sel.from - marker.length, to: sel.to - marker.length } };
  }
  const inner = chosen === '' ? placeholder : chosen;
  const start = sel.from + marker.length;
  return { from: sel.from, to: sel.to, insert: marker + inner + marker, selection: { from: start, to: start + inner.length } };
}

/** The start of the line holding `pos`, and the end of the line holding `end`. */
function lineSpan(text: string, from: number, to: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const newline = text.indexOf('\n', to);
  return { start, end: newline === -1 ? text.length : newline };
}

/** Puts `prefix(n)` before every selected line, or takes it off when every line has it. */
function prefixLines(text: string, sel: TextSelection, prefix: (index: number) => string, pattern: RegExp): TextEdit {
  const { start, end } = lineSpan(text, sel.from, sel.to);
  const lines = text.slice(start, end).split('\n');
  const all = lines.every((line) => pattern.test(line));
  const changed = all ? lines.map((line) => line.replace(pattern, '')) : lines.map((line, i) => prefix(i) + line.replace(pattern, ''));
  const insert = changed.join('\n');
  return { from: start, to: end, insert, selection: { from: start, to: start + insert.length } };
}

/** A block (code fence, table, rule) on lines of its own, with a blank line around it. */
function block(text: string, sel: TextSelection, body: string, selectStart: number, selectLength: number): TextEdit {
  const needsBreakBefore = sel.from > 0 && text[sel.from - 1] !== '\n';
  const lead = needsBreakBefore ? '\n\n' : sel.from > 1 && text[sel.from - 2] !== '\n' ? '\n' : '';
  const trail = text.slice(sel.to).startsWith('\n') ? '\n' : '\n\n';
  const insert = lead + body + trail;
  const start = sel.from + lead.length + selectStart;
  return { from: sel.from, to: sel.to, insert, selection: { from: start, to: start + selectLength } };
}

export interface CommandTexts {
  bold: string;
  italic: string;
  code: string;
  linkText: string;
  imageText: string;
  heading: string;
  column: string;
}

export function applyMarkdownCommand(command: MarkdownCommand, text: string, sel: TextSelection, words: CommandTexts): TextEdit {
  const chosen = text.slice(sel.from, sel.to);
  switch (command) {
    case 'bold':
      return wrap(text, sel, '**', words.bold);
    case 'italic':
      return wrap(text, sel, '*', words.italic);
    case 'strike':
      return wrap(text, sel, '~~', words.bold);
    case 'inlineCode':
      return wrap(text, sel, '`', words.code);
    case 'heading2':
      return heading(text, sel, 2, words.heading);
    case 'heading3':
      return heading(text, sel, 3, words.heading);
    case 'quote':
      return prefixLines(text, sel, () => '> ', /^> ?/);
    case 'bulletList':
      return prefixLines(text, sel, () => '- ', /^[-*+] (?!\[[ xX]\] )/);
    case 'orderedList':
      return prefixLines(text, sel, (i) => `${i + 1}. `, /^\d+\. /);
    case 'taskList':
      return prefixLines(text, sel, () => '- [ ] ', /^[-*+] \[[ xX]\] /);
    case 'codeBlock': {
      const inner = chosen === '' ? words.code : chosen;
      return block(text, sel, '```\n' + inner + '\n```', 4, inner.length);
    }
    case 'link': {
      const label = chosen === '' ? words.linkText : chosen;
      const insert = `[${label}](https://)`;
      const urlStart = sel.from + label.length + 3;
      return { from: sel.from, to: sel.to, insert, selection: chosen === '' ? { from: sel.from + 1, to: sel.from + 1 + label.length } : { from: urlStart, to: urlStart + 8 } };
    }
    case 'image': {
      const alt = chosen === '' ? words.imageText : chosen;
      const insert = `![${alt}](https://)`;
      const urlStart = sel.from + alt.length + 4;
      return { from: sel.from, to: sel.to, insert, selection: { from: urlStart, to: urlStart + 8 } };
    }
    case 'table': {
      const head = `| ${words.column} 1 | ${words.column} 2 | ${words.column} 3 |`;
      return block(text, sel, `${head}\n| --- | --- | --- |\n|  |  |  |`, 2, words.column.length + 2);
    }
    case 'rule':
      return block(text, sel, '---', 3, 0);
  }
}

function heading(text: string, sel: TextSelection, level: number, placeholder: string): TextEdit {
  const { start, end } = lineSpan(text, sel.from, sel.from);
  const line = text.slice(start, end);
  const marks = '#'.repeat(level) + ' ';
  const bare = line.replace(/^#{1,6} /, '');
  if (line.startsWith(marks)) return { from: start, to: end, insert: bare, selection: { from: start, to: start + bare.length } };
  const body = bare === '' ? placeholder : bare;
  return { from: start, to: end, insert: marks + body, selection: { from: start + marks.length, to: start + marks.length + body.length } };
}
