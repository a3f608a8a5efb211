export * from './address.js';
export * from './cells.js';
export * from './markdown.js';
export * from './read.js';
export * from './text.js';
export type * from './xsheet.js';
