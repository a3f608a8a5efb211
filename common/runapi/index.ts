export { apiStatusOf, displayUrl, emptyRunApiDoc, isDisabled, liveParams, requestRows } from './doc.js';
export type { RunApiBodyMode, RunApiDoc, RunApiPageType, RunApiParam, RunApiResponseParam } from './doc.js';
export { methodLabel, prettyJson, runApiPageAsMarkdown, runapiToMarkdown, tableCell, type RunApiMarkdownOptions } from './markdown.js';
export { parseRunApiDoc } from './parse.js';
export { RUNAPI_WORDS, type RunApiLang, type RunApiWords } from './words.js';
