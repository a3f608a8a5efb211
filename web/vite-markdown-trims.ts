import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const domEntities = fileURLToPath(new URL('./features/reader/markdown/dom-entities.ts', import.meta.url));

/** markdown-it's own files, any path separator. */
const MARKDOWN_IT = /[\\/]markdown-it[\\/]/;

/**
 * markdown-it decodes character references (`&copy;`) with the `entities` package, whose table of every
 * reference was about a quarter of the reader's markdown renderer (issue 21). In the browser build,
 * markdown-it's `entities` is dom-entities.ts: the same answers from the browser's HTML parser. The server
 * and the tests run markdown-it as published.
 */
export function markdownReaderTrims(): Plugin {
  return {
    name: 'folio-markdown-reader-trims',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, from) {
      if (source === 'entities' && from && MARKDOWN_IT.test(from)) return domEntities;
      return null;
    },
  };
}
