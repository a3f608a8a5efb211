import type { HLJSApi, LanguageFn } from 'highlight.js';
import { highlighter, setHighlighter } from './highlighter.js';

/**
 * Code highlighting languages, loaded when a page names them (issue 21). highlight.js's `common` bundle
 * (36 languages, about 40 KB brotli) used to ship with every reader; now the reader downloads highlight.js's
 * core and, for each page, the few languages its fences name, registered into the one core instance the
 * parser highlights with (highlighter.ts); the core itself comes with a page's first known language. The set is still exactly `common`'s, with its aliases, so a fence
 * highlights as before once its language is in. Server code only parses markdown and never highlights.
 */

const LANGUAGES: Record<string, () => Promise<{ default: LanguageFn }>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  less: () => import('highlight.js/lib/languages/less'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  'php-template': () => import('highlight.js/lib/languages/php-template'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  python: () => import('highlight.js/lib/languages/python'),
  'python-repl': () => import('highlight.js/lib/languages/python-repl'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  wasm: () => import('highlight.js/lib/languages/wasm'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

const ALIASES: Record<string, string> = {
  sh: 'bash', zsh: 'bash',
  h: 'c',
  cc: 'cpp', 'c++': 'cpp', 'h++': 'cpp', hpp: 'cpp', hh: 'cpp', hxx: 'cpp', cxx: 'cpp',
  cs: 'csharp', 'c#': 'csharp',
  patch: 'diff',
  golang: 'go',
  gql: 'graphql',
  toml: 'ini',
  jsp: 'java',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
  jsonc: 'json', 'json5': 'json',
  kt: 'kotlin', kts: 'kotlin', ktm: 'kotlin', ktx: 'kotlin',
  pluto: 'lua',
  mk: 'makefile', mak: 'makefile', make: 'makefile',
  md: 'markdown', mkdown: 'markdown', mkd: 'markdown',
  mm: 'objectivec', objc: 'objectivec', 'obj-c': 'objectivec', 'obj-c++': 'objectivec', 'objective-c++': 'objectivec',
  pl: 'perl', pm: 'perl',
  text: 'plaintext', txt: 'plaintext',
  py: 'python', gyp: 'python', ipython: 'python',
  pycon: 'python-repl',
  rb: 'ruby', gemspec: 'ruby', podspec: 'ruby', thor: 'ruby', irb: 'ruby',
  rs: 'rust',
  console: 'shell', shellsession: 'shell',
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript',
  vb: 'vbnet',
  html: 'xml', xhtml: 'xml', rss: 'xml', atom: 'xml', xjb: 'xml', xsd: 'xml', xsl: 'xml', plist: 'xml', wsf: 'xml', svg: 'xml',
  yml: 'yaml',
};

const EMBEDDED: Record<string, readonly string[]> = {
  javascript: ['xml', 'css', 'graphql'],
  markdown: ['xml'],
  'php-template': ['xml', 'php'],
  'python-repl': ['python'],
  shell: ['bash'],
  typescript: ['xml', 'css', 'graphql'],
  xml: ['css', 'javascript'],
  yaml: ['ruby'],
};

/** A fence's language (lower-cased, as parser.ts reads it) → highlight.js's name for it, if it is one of ours. */
export function highlightLanguageName(language: string): string | undefined {
  if (Object.hasOwn(LANGUAGES, language)) return language;
  return Object.hasOwn(ALIASES, language) ? ALIASES[language] : undefined;
}

/**
 * The first word of every fence's info string. Loose on purpose (fences in lists and quotes count, and so
 * may a line inside a code block): an extra language only costs a small download.
 */
const FENCE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm;

/** The languages `markdown`'s code blocks need, with those they embed (e.g. CSS in HTML), loaded or not. */
export function languagesNeeded(markdown: string): string[] {
  const wanted = new Set<string>();
  const add = (name: string): void => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const embedded of EMBEDDED[name] ?? []) add(embedded);
  };
  for (const match of markdown.matchAll(FENCE)) {
    const name = highlightLanguageName(match[1]?.toLowerCase() ?? '');
    if (name) add(name);
  }
  return [...wanted];
}

/** Those of them not loaded yet. */
export function languagesToLoad(markdown: string): string[] {
  const core = highlighter();
  return languagesNeeded(markdown).filter((name) => !core?.getLanguage(name));
}

let coreLoading: Promise<HLJSApi> | null = null;

/** highlight.js's core, once; a failed download is tried again next time. */
function loadCore(): Promise<HLJSApi> {
  coreLoading ??= import('highlight.js/lib/core').then(
    (module) => {
      setHighlighter(module.default);
      return module.default;
    },
    (error: unknown) => {
      coreLoading = null;
      throw error;
    },
  );
  return coreLoading;
}

const loading = new Map<string, Promise<void>>();

/** Registers the languages (highlight.js names); a failed download is tried again next time. */
export function loadLanguages(names: readonly string[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      const load = LANGUAGES[name];
      if (!load || highlighter()?.getLanguage(name)) return undefined;
      let pending = loading.get(name);
      if (!pending) {
        // The core and the language download side by side; the language registers once both are in.
        pending = Promise.all([loadCore(), load()]).then(
          ([core, module]) => {
            core.registerLanguage(name, module.default);
          },
          (error: unknown) => {
            loading.delete(name);
            throw error;
          },
        );
        loading.set(name, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** Loads what `markdown`'s code blocks need; null when everything is there already (render now). */
export function loadHighlighting(markdown: string): Promise<void> | null {
  const missing = languagesToLoad(markdown);
  return missing.length === 0 ? null : loadLanguages(missing);
}
