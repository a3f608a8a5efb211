import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { renderEnv } from '../toc.js';

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

const isSpace = (code: number | undefined) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const isDigit = (code: number | undefined) => code !== undefined && code >= 0x30 && code <= 0x39;

/**
 * `$…$` (inline) and `$$…$$` (display) TeX. Only placeholders holding the escaped source come out of
 * here; the browser typesets them with KaTeX when a page has any. Pandoc's rules keep prices apart from
 * math: no space just inside the dollars, and no digit right after the closing one ("$5 and $10").
 */
export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });

  const escape = md.utils.escapeHtml;
  md.renderer.rules.math_inline = (tokens, index, _options, env) => {
    renderEnv(env).features.math = true;
    const token = tokens[index];
    const display = token?.markup === '$$';
    return `<span class="md-math ${display ? 'md-math-display' : 'md-math-inline'}">${escape(token?.content ?? '')}</span>`;
  };
  md.renderer.rules.math_block = (tokens, index, _options, env) => {
    renderEnv(env).features.math = true;
    return `<div class="md-math md-math-block">${escape(tokens[index]?.content ?? '')}</div>\n`;
  };
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== DOLLAR) return false;

  if (src.charCodeAt(start + 1) === DOLLAR) {
    const close = src.indexOf('$$', start + 2);
    if (close < 0 || close === start + 2) return false;
    if (!silent) {
      const token = state.push('math_inline', 'span', 0);
      token.markup = '$$';
      token.content = src.slice(start + 2, close).trim();
    }
    state.pos = close + 2;
    return true;
  }

  if (isSpace(src.charCodeAt(start + 1))) return false;
  let close = start + 1;
  for (;;) {
    close = src.indexOf('$', close);
    if (close < 0) return false;
    if (src.charCodeAt(close - 1) === BACKSLASH) {
      close += 1;
      continue;
    }
    break;
  }
  if (close === start + 1 || isSpace(src.charCodeAt(close - 1)) || isDigit(src.charCodeAt(close + 1))) return false;
  if (!silent) {
    const token = state.push('math_inline', 'span', 0);
    token.markup = '$';
    token.content = src.slice(start + 1, close);
  }
  state.pos = close + 1;
  return true;
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  let max = state.eMarks[startLine] ?? 0;
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  if (pos + 2 > max || state.src.slice(pos, pos + 2) !== '$$') return false;
  pos += 2;
  let firstLine = state.src.slice(pos, max);
  let lastLine = '';
  let line = startLine;
  let closed = false;

  if (firstLine.trim().endsWith('$$')) {
    // `$$ x $$` on one line.
    firstLine = firstLine.trim().slice(0, -2);
    closed = true;
  }
  if (silent) return true;

  while (!closed) {
    line += 1;
    if (line >= endLine) break;
    pos = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
    max = state.eMarks[line] ?? 0;
    if (pos < max && (state.sCount[line] ?? 0) < state.blkIndent) break;
    const text = state.src.slice(pos, max).trim();
    if (text.endsWith('$$')) {
      lastLine = text.slice(0, -2);
      closed = true;
    }
  }
  if (!closed) return false;

  state.line = line + 1;
  const token = state.push('math_block', 'div', 0);
  token.block = true;
  const middle = line > startLine + 1 ? state.getLines(startLine + 1, line, state.tShift[startLine] ?? 0, true) : '';
  token.content = [firstLine.trim(), middle.replace(/\n$/, ''), lastLine.trim()].filter((part) => part !== '').join('\n');
  token.map = [startLine, state.line];
  token.markup = '$$';
  return true;
}
