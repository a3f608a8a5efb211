import type { Literal } from '../arguments.js';
import { CHINESE_FAMILY_NAMES, CHINESE_GIVEN_NAMES, COMMON_HANZI, FIRST_NAMES, LAST_NAMES } from '../dictionaries.js';
import { MAX_ARGUMENT_ITEMS, MAX_GENERATED_LENGTH } from '../limits.js';
import type { MockValue } from '../values.js';
import { capitalize, countFrom, isTextArg, numberArg, stringArg, type Generator, type GeneratorContext } from './context.js';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const NUMBER = '0123456789';
const SYMBOL = '!@#$%^&*()[]';
const POOLS: ReadonlyMap<string, string[]> = new Map([
  ['lower', [...LOWER]],
  ['upper', [...UPPER]],
  ['number', [...NUMBER]],
  ['symbol', [...SYMBOL]],
  ['alpha', [...LOWER, ...UPPER]],
]);
const ALL_CHARACTERS = [...LOWER, ...UPPER, ...NUMBER, ...SYMBOL];
const LOWER_CHARACTERS = [...LOWER];

/** A named pool (`lower`, `upper`, `number`, `symbol`, `alpha`) or the characters of the string itself. */
function poolOf(name: string | undefined): string[] {
  if (name === undefined || name === '') return ALL_CHARACTERS;
  return POOLS.get(name.toLowerCase()) ?? [...name];
}

function repeatCharacters(context: GeneratorContext, pool: readonly string[], length: number): string {
  return context.dice.chars(pool, length);
}

const character: Generator = (args, context) => context.dice.char(poolOf(stringArg(args, 0)));

/** `@string`, `@string(length)`, `@string(pool, length)`, `@string(min, max)`, `@string(pool, min, max)`. */
const string: Generator = (args, context) => {
  const withPool = isTextArg(args, 0);
  const pool = poolOf(withPool ? stringArg(args, 0) : undefined);
  const first = withPool ? 1 : 0;
  const length = countFrom(context, numberArg(args, first), numberArg(args, first + 1), [3, 7]);
  return repeatCharacters(context, pool, length);
};

const wordOf = (context: GeneratorContext, min?: number, max?: number) =>
  repeatCharacters(context, LOWER_CHARACTERS, countFrom(context, min, max, [3, 10]));

const word: Generator = (args, context) => wordOf(context, numberArg(args, 0), numberArg(args, 1));

/** `@cword`, `@cword(count)`, `@cword(min, max)`, `@cword(pool)`, `@cword(pool, count)`, `@cword(pool, min, max)`. */
const cword: Generator = (args, context) => {
  const withPool = isTextArg(args, 0);
  const pool = withPool ? [...(stringArg(args, 0) ?? '')] : COMMON_HANZI;
  const first = withPool ? 1 : 0;
  return repeatCharacters(context, pool, countFrom(context, numberArg(args, first), numberArg(args, first + 1), [1, 1]));
};

/** Word counts are capped lower than character counts: each word is up to ten characters. */
const MAX_WORDS = 1000;
const MAX_SENTENCES = 100;

function words(context: GeneratorContext, args: readonly Literal[], defaults: readonly [number, number], one: () => string) {
  const count = countFrom(context, numberArg(args, 0), numberArg(args, 1), defaults, MAX_WORDS);
  return collect(count, one);
}

/** Stops once the text is as long as one placeholder may make it, so large counts cost no more than that. */
function collect(count: number, one: () => string): string[] {
  const result: string[] = [];
  let length = 0;
  for (let i = 0; i < count && length < MAX_GENERATED_LENGTH; i++) {
    const piece = one();
    result.push(piece);
    length += piece.length + 1;
  }
  return result;
}

const sentenceOf = (context: GeneratorContext, args: readonly Literal[]) =>
  capitalize(words(context, args, [12, 18], () => wordOf(context)).join(' ')) + '.';
const csentenceOf = (context: GeneratorContext, args: readonly Literal[]) =>
  context.dice.chars(COMMON_HANZI, countFrom(context, numberArg(args, 0), numberArg(args, 1), [12, 18], MAX_WORDS)) + '。';

const sentence: Generator = (args, context) => sentenceOf(context, args);
const csentence: Generator = (args, context) => csentenceOf(context, args);
const title: Generator = (args, context) => words(context, args, [3, 7], () => capitalize(wordOf(context))).join(' ');
const ctitle: Generator = (args, context) =>
  context.dice.chars(COMMON_HANZI, countFrom(context, numberArg(args, 0), numberArg(args, 1), [3, 7], MAX_WORDS));

function sentences(context: GeneratorContext, args: readonly Literal[], one: () => string): string[] {
  return collect(countFrom(context, numberArg(args, 0), numberArg(args, 1), [3, 7], MAX_SENTENCES), one);
}

const paragraph: Generator = (args, context) => sentences(context, args, () => sentenceOf(context, [])).join(' ');
const cparagraph: Generator = (args, context) => sentences(context, args, () => csentenceOf(context, [])).join('');

const first: Generator = (_args, { dice }) => dice.pick(FIRST_NAMES);
const last: Generator = (_args, { dice }) => dice.pick(LAST_NAMES);
/** `@name(true)` adds a middle name. */
const name: Generator = (args, { dice }) =>
  [dice.pick(FIRST_NAMES), ...(args[0] === true ? [dice.pick(FIRST_NAMES)] : []), dice.pick(LAST_NAMES)].join(' ');
const cfirst: Generator = (_args, { dice }) => dice.pick(CHINESE_FAMILY_NAMES);
const clast: Generator = (_args, { dice }) => dice.pick(CHINESE_GIVEN_NAMES);
const cname: Generator = (_args, { dice }) => dice.pick(CHINESE_FAMILY_NAMES) + dice.pick(CHINESE_GIVEN_NAMES);

const capitalizeText: Generator = (args) => capitalize(stringArg(args, 0) ?? '');
const upper: Generator = (args) => (stringArg(args, 0) ?? '').toUpperCase();
const lower: Generator = (args) => (stringArg(args, 0) ?? '').toLowerCase();

/** `@pick([a, b, c])`, `@pick([a, b, c], min, max)` (several, shuffled) or `@pick(a, b, c)`. */
const pick: Generator = (args, context): MockValue => {
  const list = Array.isArray(args[0]) ? args[0] : args;
  if (list.length === 0) return null;
  if (Array.isArray(args[0]) && args.length > 1) {
    const count = countFrom(context, numberArg(args, 1), numberArg(args, 2), [1, 1], MAX_ARGUMENT_ITEMS);
    return context.dice.sample(list, count);
  }
  return context.dice.pick(list);
};

const shuffle: Generator = (args, context) => {
  const list = Array.isArray(args[0]) ? args[0] : args;
  return context.dice.sample(list, list.length);
};

export const textGenerators: Record<string, Generator> = {
  character,
  char: character,
  string,
  str: string,
  word,
  cword,
  sentence,
  csentence,
  title,
  ctitle,
  paragraph,
  cparagraph,
  first,
  last,
  name,
  cfirst,
  clast,
  cname,
  capitalize: capitalizeText,
  upper,
  lower,
  pick,
  shuffle,
};
