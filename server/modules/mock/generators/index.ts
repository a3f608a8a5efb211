import type { Generator } from './context.js';
import { dateGenerators } from './dates.js';
import { numberGenerators } from './numbers.js';
import { placeGenerators } from './places.js';
import { textGenerators } from './text.js';
import { webGenerators } from './web.js';

export type { Generator, GeneratorContext } from './context.js';

/**
 * The allowlist of placeholders, by lower-case name (Mock.js matches names case-insensitively). A Map, so
 * names such as `constructor` or `toString` find nothing instead of something inherited.
 */
export const generators: ReadonlyMap<string, Generator> = new Map(
  Object.entries({ ...numberGenerators, ...textGenerators, ...dateGenerators, ...webGenerators, ...placeGenerators }),
);
