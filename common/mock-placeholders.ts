/**
 * The placeholders the Mock dialog lists as help, in the order shown. The browser must not import the
 * server's engine, so the list lives here; server/modules/mock/placeholder-help.test.ts renders each one
 * with the engine, so the help never names a placeholder that does not work.
 */
export const MOCK_PLACEHOLDER_HELP: readonly string[] = [
  '@integer(1,100)',
  '@float(0,100,2,2)',
  '@boolean',
  '@increment',
  '@string(8)',
  '@word',
  '@sentence',
  '@paragraph',
  '@title',
  '@name',
  '@cname',
  '@ctitle',
  '@csentence',
  '@cparagraph',
  '@date',
  '@time',
  '@datetime',
  '@now',
  '@email',
  '@url',
  '@domain',
  '@ip',
  '@guid',
  '@id',
  '@color',
  '@image(200x100)',
  '@province',
  '@city',
  '@zip',
  '@pick(["a","b","c"])',
];

/** The repeat and count rules of Mock.js templates the engine supports, as examples. */
export const MOCK_RULE_HELP: readonly string[] = ['"list|1-10": [{}]', '"list|3": [{}]', '"id|+1": 1', '"age|18-60": 1', '"price|1-100.2": 1', '"ok|1": true', '"tag|1": ["a","b"]'];
