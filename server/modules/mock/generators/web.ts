import { AD_SIZES, PROTOCOLS, TOP_LEVEL_DOMAINS } from '../dictionaries.js';
import { stringArg, type Generator, type GeneratorContext } from './context.js';

const LOWER = [...'abcdefghijklmnopqrstuvwxyz'];
const HEX = [...'0123456789abcdef'];

function word(context: GeneratorContext, min = 3, max = 10): string {
  return context.dice.chars(LOWER, context.dice.int(min, max));
}

const tld: Generator = (_args, { dice }) => dice.pick(TOP_LEVEL_DOMAINS);
const protocol: Generator = (_args, { dice }) => dice.pick(PROTOCOLS);
const domainOf = (context: GeneratorContext, topLevel?: string) =>
  `${word(context)}.${topLevel ?? context.dice.pick(TOP_LEVEL_DOMAINS)}`;
const domain: Generator = (args, context) => domainOf(context, stringArg(args, 0));

/** `@url(protocol, host)`. */
const url: Generator = (args, context) =>
  `${stringArg(args, 0) ?? context.dice.pick(PROTOCOLS)}://${stringArg(args, 1) ?? domainOf(context)}/${word(context)}`;

/** `@email(domain)`: Mock.js's shape, a letter, a dot and a word before the `@`. */
const email: Generator = (args, context) =>
  `${context.dice.char(LOWER)}.${word(context)}@${stringArg(args, 0) ?? domainOf(context)}`;

const ip: Generator = (_args, { dice }) => [0, 0, 0, 0].map(() => dice.int(0, 255)).join('.');

const byte = (context: GeneratorContext) => context.dice.int(0, 255);
const hex: Generator = (_args, context) =>
  '#' + [byte(context), byte(context), byte(context)].map((n) => n.toString(16).padStart(2, '0')).join('');
const rgb: Generator = (_args, context) => `rgb(${byte(context)}, ${byte(context)}, ${byte(context)})`;
const rgba: Generator = (_args, context) =>
  `rgba(${byte(context)}, ${byte(context)}, ${byte(context)}, ${(context.dice.int(0, 100) / 100).toFixed(2)})`;
const hsl: Generator = (_args, { dice }) => `hsl(${dice.int(0, 359)}, ${dice.int(0, 100)}, ${dice.int(0, 100)})`;

/**
 * `@image(size, background, foreground, format, text)`: a dummyimage.com address, as Mock.js builds it (with
 * three or four arguments the last one is the text). The text is URL-encoded so it cannot change the address.
 */
const image: Generator = (args, context) => {
  let foreground = stringArg(args, 2);
  let format = stringArg(args, 3);
  let text = stringArg(args, 4);
  if (args.length === 4) [format, text] = [undefined, format];
  if (args.length === 3) [foreground, text] = [undefined, foreground];
  const size = stringArg(args, 0) || context.dice.pick(AD_SIZES);
  const background = stringArg(args, 1)?.replace('#', '');
  foreground = foreground?.replace('#', '');
  return (
    `http://dummyimage.com/${size}` +
    (background ? `/${background}` : '') +
    (foreground ? `/${foreground}` : '') +
    (format ? `.${format}` : '') +
    (text ? `&text=${encodeURIComponent(text)}` : '')
  );
};

/** A version-4 UUID drawn from the injected source, so tests can fix it. */
const guid: Generator = (_args, context) => {
  const s = context.dice.chars(HEX, 30);
  const variant = HEX[8 + context.dice.int(0, 3)] ?? '8';
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(12, 15)}-${variant}${s.slice(15, 18)}-${s.slice(18)}`;
};

export const webGenerators: Record<string, Generator> = {
  tld,
  protocol,
  domain,
  url,
  email,
  ip,
  color: hex,
  hex,
  rgb,
  rgba,
  hsl,
  image,
  img: image,
  guid,
  uuid: guid,
};
