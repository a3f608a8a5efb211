import type { HLJSApi } from 'highlight.js';

/**
 * The highlight.js core the parser colours code with, once highlight.ts has loaded it (issue 21: the reader
 * downloads it with the first page that has a code block in a known language, not with every page). Until
 * then, and always on the server, code blocks render plain. A module of its own, so the parser reads it
 * without importing the loaders.
 */
let core: HLJSApi | null = null;

export function highlighter(): HLJSApi | null {
  return core;
}

export function setHighlighter(api: HLJSApi): void {
  core = api;
}
