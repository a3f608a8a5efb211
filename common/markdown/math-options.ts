/**
 * How KaTeX typesets a page's TeX (browser and any server-side export alike). `trust: false` keeps
 * `\href`, `\url`, `\htmlClass`, `\htmlData` and `\includegraphics` from making links, classes or requests;
 * the limits stop a page from freezing the tab with `\def` loops or huge sizes.
 */
export const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxSize: 50,
  maxExpand: 500,
  output: 'htmlAndMathml',
} as const;
