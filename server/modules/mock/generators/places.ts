import { PROVINCES, REGIONS } from '../dictionaries.js';
import { formatDate } from './dates.js';
import type { Generator } from './context.js';

const region: Generator = (_args, { dice }) => dice.pick(REGIONS);
const province: Generator = (_args, { dice }) => dice.pick(PROVINCES).name;

/** `@city(true)` prefixes the province, as Mock.js does. */
const city: Generator = (args, { dice }) => {
  const chosen = dice.pick(PROVINCES);
  const name = dice.pick(chosen.cities).name;
  return args[0] === true ? `${chosen.name} ${name}` : name;
};

const zip: Generator = (_args, { dice }) => Array.from({ length: 6 }, () => dice.int(0, 9)).join('');

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** `@id`: an 18-character resident ID — area code, birth date, sequence and the ISO 7064 check character. */
const id: Generator = (_args, { dice, now }) => {
  const area = dice.pick(dice.pick(PROVINCES).cities).code;
  const birth = formatDate(new Date(dice.int(0, Math.max(0, now.getTime()))), 'yyyyMMdd');
  const body = `${area}${birth}${dice.int(0, 9)}${dice.int(0, 9)}${dice.int(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * (ID_WEIGHTS[i] ?? 0);
  return body + ID_CHECK.charAt(sum % 11);
};

export const placeGenerators: Record<string, Generator> = { region, province, city, zip, id };
