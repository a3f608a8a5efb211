import { describe, expect, it } from 'vitest';
import { applyMarkdownCommand, type MarkdownCommand, type TextSelection } from './markdown-commands';

const words = { bold: 'bold text', italic: 'italic text', code: 'code', linkText: 'link text', imageText: 'image', heading: 'Heading', column: 'Column' };

/** Applies a command and shows the result with the selection marked by [ ]. */
function run(command: MarkdownCommand, text: string, sel: TextSelection): string {
  const edit = applyMarkdownCommand(command, text, sel, words);
  const next = text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
  return next.slice(0, edit.selection.from) + '[' + next.slice(edit.selection.from, edit.selection.to) + ']' + next.slice(edit.selection.to);
}

describe('markdown toolbar commands', () => {
  it('wrap the selection, or a selected placeholder, and unwrap what is already wrapped', () => {
    expect(run('bold', 'say hello', { from: 4, to: 9 })).toBe('say **[hello]**');
    expect(run('bold', 'say ', { from: 4, to: 4 })).toBe('say **[bold text]**');
    expect(run('bold', 'say **hello**', { from: 6, to: 11 })).toBe('say [hello]');
    expect(run('italic', 'a b', { from: 2, to: 3 })).toBe('a *[b]*');
    expect(run('inlineCode', 'run ls', { from: 4, to: 6 })).toBe('run `[ls]`');
    expect(run('strike', '中文', { from: 0, to: 2 })).toBe('~~[中文]~~');
  });

  it('turn lines into headings, quotes and lists, and back', () => {
    expect(run('heading2', 'Intro\nbody', { from: 2, to: 2 })).toBe('## [Intro]\nbody');
    expect(run('heading2', '## Intro', { from: 4, to: 4 })).toBe('[Intro]');
    expect(run('heading3', '## Intro', { from: 4, to: 4 })).toBe('### [Intro]');
    expect(run('quote', 'one\ntwo', { from: 0, to: 7 })).toBe('[> one\n> two]');
    expect(run('quote', '> one\n> two', { from: 0, to: 11 })).toBe('[one\ntwo]');
    expect(run('orderedList', 'a\nb\nc', { from: 0, to: 5 })).toBe('[1. a\n2. b\n3. c]');
    expect(run('bulletList', '1. a', { from: 0, to: 0 })).toBe('[- 1. a]');
    expect(run('taskList', 'buy milk', { from: 3, to: 3 })).toBe('[- [ ] buy milk]');
    expect(run('taskList', '- [ ] buy milk', { from: 3, to: 3 })).toBe('[buy milk]');
  });

  it('put blocks on lines of their own', () => {
    expect(run('codeBlock', 'see:', { from: 4, to: 4 })).toBe('see:\n\n```\n[code]\n```\n\n');
    expect(run('codeBlock', '', { from: 0, to: 0 })).toBe('```\n[code]\n```\n\n');
    expect(run('rule', 'end\n', { from: 4, to: 4 })).toBe('end\n\n---[]\n\n');
    expect(run('table', '', { from: 0, to: 0 })).toBe('| [Column 1] | Column 2 | Column 3 |\n| --- | --- | --- |\n|  |  |  |\n\n');
  });

  it('make links and images with the URL ready to type', () => {
    expect(run('link', 'docs', { from: 0, to: 4 })).toBe('[docs]([https://])');
    expect(run('link', '', { from: 0, to: 0 })).toBe('[[link text]](https://)');
    expect(run('image', '', { from: 0, to: 0 })).toBe('![image]([https://])');
  });
});
