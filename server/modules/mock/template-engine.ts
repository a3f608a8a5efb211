import { Dice } from './dice.js';
import { generators, type GeneratorContext } from './generators/index.js';
import {
  MAX_DEPTH,
  MAX_GENERATED_LENGTH,
  MAX_OUTPUT_BYTES,
  MAX_RENDER_MS,
  MAX_REPEAT,
  MAX_STEPS,
  MAX_TEMPLATE_BYTES,
} from './limits.js';
import { compileString, type Segment } from './placeholders.js';
import { cryptoRandom, type RandomSource } from './random.js';
import { parseKey, type KeyRule, type ParsedKey } from './rules.js';
import { createObject, setOwn, type MockObject, type MockValue } from './values.js';

export * from './limits.js';
export { cryptoRandom, type RandomSource } from './random.js';

/**
 * Folio's own Mock.js-compatible template engine. ShowDoc ran Mock.js, which `eval`s placeholder arguments, so a
 * template could run code on the server (security.md §1.18a). This engine only reads data: keys with `|rule`,
 * and `@placeholder(literal, …)` strings resolved through an allowlist of generators. Nothing from the template
 * is ever executed, and every render is bounded by the limits in limits.ts; a limit stops the render with an
 * error rather than cutting the output, so a client never receives half a document.
 *
 * Not carried over from Mock.js: function values and regular expressions (JSON has neither), key paths
 * (`@/a/b`, `@../x`), placeholders that expand other placeholders, `@county`, `@dataImage`, named colours, and
 * one process-wide `@increment` counter (here it restarts at 1 for each render).
 */

export type MockRenderResult = { ok: true; body: string } | { ok: false; error: string };

export interface MockRenderOptions {
  /** The current time for `@now`, and the upper end of `@date`/`@datetime`/`@id`. */
  now?: Date;
  /** A monotonic clock in milliseconds for the time limit; performance.now unless a test replaces it. */
  clock?: () => number;
  /** The time limit; MAX_RENDER_MS unless a test needs another. */
  maxRenderMs?: number;
}

/** A limit was reached: the render stops and the message goes to the caller. */
class LimitReached extends Error {}

export function renderMockTemplate(
  template: string,
  random: RandomSource = cryptoRandom,
  options: MockRenderOptions = {},
): MockRenderResult {
  if (Buffer.byteLength(template) > MAX_TEMPLATE_BYTES) {
    return { ok: false, error: `The mock template is larger than ${MAX_TEMPLATE_BYTES / 1024} KB.` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message.slice(0, 200)}` : '';
    return { ok: false, error: `The mock template is not valid JSON${detail}` };
  }
  try {
    const clock = options.clock ?? (() => performance.now());
    const deadline = clock() + (options.maxRenderMs ?? MAX_RENDER_MS);
    const value = new Renderer(new Dice(random), options.now ?? new Date(), clock, deadline).render(parsed);
    const body = JSON.stringify(value);
    // The running estimate does not see JSON escapes; this is the exact check.
    if (Buffer.byteLength(body) > MAX_OUTPUT_BYTES) throw new LimitReached(outputTooLarge());
    return { ok: true, body };
  } catch (error) {
    if (error instanceof LimitReached) return { ok: false, error: error.message };
    // Anything else is a bug in the engine; the caller gets a plain message, never a stack.
    return { ok: false, error: 'The mock template could not be rendered.' };
  }
}

const CLOCK_EVERY_STEPS = 256;

const outputTooLarge = () => `The generated mock data would be larger than ${MAX_OUTPUT_BYTES / 1024 / 1024} MB.`;

class Renderer {
  private outputBytes = 0;
  private steps = 0;
  private incrementValue = 0;
  private readonly compiledStrings = new Map<string, Segment[]>();
  private readonly parsedKeys = new Map<string, ParsedKey>();
  private readonly objectEntries = new Map<object, [string, unknown][]>();
  /** How often each `|+step` key has been generated, by the template object that holds it. */
  private readonly stepCounters = new Map<object, Map<string, number>>();
  private readonly context: GeneratorContext;

  constructor(
    private readonly dice: Dice,
    now: Date,
    private readonly clock: () => number,
    private readonly deadline: number,
  ) {
    this.context = {
      dice,
      now,
      nextIncrement: (step) => (this.incrementValue += step),
    };
  }

  render(template: unknown): MockValue {
    return this.generate(template, null, 0, null, null);
  }

  /**
   * @param siblings the object being built around a string value: Mock.js lets `@first` mean an earlier
   *   sibling key called `first` before it means the generator.
   * @param stepIndex how often this key was generated before, for `|+step` rules.
   */
  private generate(
    template: unknown,
    rule: KeyRule | null,
    depth: number,
    siblings: MockObject | null,
    stepIndex: number | null,
  ): MockValue {
    this.step();
    if (typeof template === 'string') return this.generateString(template, rule, siblings);
    if (typeof template === 'number') return this.generateNumber(template, rule, stepIndex);
    if (typeof template === 'boolean') return this.generateBoolean(template, rule);
    if (template === null || typeof template !== 'object') {
      this.spend(4);
      return null;
    }
    if (depth + 1 > MAX_DEPTH) throw new LimitReached(`The mock template nests deeper than ${MAX_DEPTH} levels.`);
    if (Array.isArray(template)) return this.generateArray(template, rule, depth + 1, stepIndex);
    return this.generateObject(template, rule, depth + 1);
  }

  private generateObject(template: object, rule: KeyRule | null, depth: number): MockObject {
    let entries = this.objectEntries.get(template);
    if (!entries) {
      entries = Object.entries(template);
      this.objectEntries.set(template, entries);
    }
    // `"o|2": {…}` keeps that many properties, chosen at random (Mock.js shuffles, then slices).
    const count = rule && rule.step === undefined ? this.count(rule) : undefined;
    const chosen = count === undefined ? entries : this.dice.sample(entries, count);
    const result = createObject();
    this.spend(2);
    for (const [rawKey, value] of chosen) {
      const { name, rule: valueRule } = this.parseKey(rawKey);
      this.spend(Buffer.byteLength(name) + 4);
      const stepIndex = valueRule?.step === undefined ? null : this.nextStepIndex(template, rawKey);
      setOwn(result, name, this.generate(value, valueRule, depth, result, stepIndex));
    }
    return result;
  }

  private generateArray(template: unknown[], rule: KeyRule | null, depth: number, stepIndex: number | null): MockValue {
    if (rule?.step !== undefined) {
      // `"x|+1": [a, b, c]` takes a, b, c, a… on successive repetitions of its parent.
      if (template.length === 0) return this.nothing();
      const index = ((((stepIndex ?? 0) * rule.step) % template.length) + template.length) % template.length;
      return this.generate(template[index], null, depth, null, null);
    }
    // `"x|1": [a, b, c]` is one of the items itself, not a list (Mock.js: min 1 and no max).
    if (rule?.min === 1 && rule.max === undefined) {
      if (template.length === 0) return this.nothing();
      return this.generate(this.dice.pick(template), null, depth, null, null);
    }
    const repeat = rule ? this.count(rule) : undefined;
    const result: MockValue[] = [];
    this.spend(2);
    for (let i = 0; i < (repeat ?? 1); i++) {
      this.step();
      for (const item of template) {
        this.spend(1);
        result.push(this.generate(item, null, depth, null, null));
      }
    }
    return result;
  }

  private generateString(template: string, rule: KeyRule | null, siblings: MockObject | null): MockValue {
    const segments = this.compile(template);
    const repeat = rule ? (this.count(rule) ?? 1) : 1;
    // A string that is exactly one placeholder keeps the generator's type: "@integer" gives a number.
    const only = segments.length === 1 ? segments[0] : undefined;
    if (repeat === 1 && only?.kind === 'placeholder') {
      const value = this.resolve(only, siblings);
      if (value !== undefined) {
        this.spendValue(value);
        return value;
      }
    }
    let text = '';
    this.spend(2);
    for (let i = 0; i < repeat; i++) {
      this.step();
      for (const segment of segments) {
        if (segment.kind === 'text') {
          this.spend(segment.bytes);
          text += segment.text;
          continue;
        }
        const value = this.resolve(segment, siblings);
        const piece = value === undefined ? segment.raw : asText(value);
        this.spend(Buffer.byteLength(piece));
        text += piece;
      }
    }
    return text;
  }

  /** undefined when neither a sibling nor a generator has this name: the placeholder then stays as written. */
  private resolve(segment: Segment & { kind: 'placeholder' }, siblings: MockObject | null): MockValue | undefined {
    this.step();
    if (siblings && Object.hasOwn(siblings, segment.name)) return siblings[segment.name];
    const generator = generators.get(segment.name.toLowerCase());
    if (!generator) return undefined;
    const value = generator(segment.args, this.context);
    return typeof value === 'string' && value.length > MAX_GENERATED_LENGTH ? value.slice(0, MAX_GENERATED_LENGTH) : value;
  }

  /**
   * Mock.js's number rules: `|min-max` and `|count` give an integer, `.dmin-dmax` adds that many decimals (the
   * last one never 0), `|+step` counts up from the template value on each repetition.
   */
  private generateNumber(template: number, rule: KeyRule | null, stepIndex: number | null): number {
    let result = template;
    if (rule?.step !== undefined) result = template + rule.step * (stepIndex ?? 0);
    else if (rule?.dmin !== undefined) result = this.decimal(template, rule);
    else if (rule?.min !== undefined) result = rule.max === undefined ? rule.min : this.dice.int(rule.min, rule.max);
    this.spend(String(result).length);
    return result;
  }

  private decimal(template: number, rule: KeyRule): number {
    const [whole = '0', fraction = ''] = String(template).split('.');
    const integerPart =
      rule.min === undefined ? whole : String(rule.max === undefined ? rule.min : this.dice.int(rule.min, rule.max));
    const places = rule.dmax === undefined ? (rule.dmin ?? 0) : this.dice.int(rule.dmin ?? 0, rule.dmax);
    let digits = fraction.slice(0, places);
    while (digits.length < places) digits += digits.length < places - 1 ? this.dice.int(0, 9) : this.dice.int(1, 9);
    const value = Number(digits ? `${integerPart}.${digits}` : integerPart);
    return Number.isFinite(value) ? value : template;
  }

  /** `"b|1": true` is true or false at even odds; `"b|min-max": v` is v with probability min / (min + max). */
  private generateBoolean(template: boolean, rule: KeyRule | null): boolean {
    this.spend(5);
    if (rule?.min === undefined) return template;
    const max = rule.max ?? 1;
    if (!(rule.min + max > 0)) return template;
    return this.dice.float() < rule.min / (rule.min + max) ? template : !template;
  }

  /** A rule's repetition count, lowered to MAX_REPEAT so `"list|1000000000"` costs what `"list|1000"` costs. */
  private count(rule: KeyRule): number | undefined {
    if (rule.min === undefined) return undefined;
    const n = rule.max === undefined ? rule.min : this.dice.int(rule.min, rule.max);
    return Math.max(0, Math.min(MAX_REPEAT, n));
  }

  private nextStepIndex(owner: object, rawKey: string): number {
    let counters = this.stepCounters.get(owner);
    if (!counters) {
      counters = new Map();
      this.stepCounters.set(owner, counters);
    }
    const index = counters.get(rawKey) ?? 0;
    counters.set(rawKey, index + 1);
    return index;
  }

  private compile(template: string): Segment[] {
    let segments = this.compiledStrings.get(template);
    if (!segments) {
      segments = compileString(template);
      this.compiledStrings.set(template, segments);
    }
    return segments;
  }

  private parseKey(rawKey: string): ParsedKey {
    let parsed = this.parsedKeys.get(rawKey);
    if (!parsed) {
      parsed = parseKey(rawKey);
      this.parsedKeys.set(rawKey, parsed);
    }
    return parsed;
  }

  /** Picking from an empty list gives nothing; JSON has no undefined, so null stands for it. */
  private nothing(): null {
    this.spend(4);
    return null;
  }

  private step(): void {
    if (++this.steps > MAX_STEPS) throw new LimitReached('The mock template needs too much work to render.');
    // Between two steps there is at most one generator call, so looking at the clock now and then is enough.
    if (this.steps % CLOCK_EVERY_STEPS === 0 && this.clock() > this.deadline) {
      throw new LimitReached('The mock template takes too long to render.');
    }
  }

  private spend(bytes: number): void {
    this.outputBytes += bytes;
    if (this.outputBytes > MAX_OUTPUT_BYTES) throw new LimitReached(outputTooLarge());
  }

  /** Charges a generated or referenced value by the size of its JSON; each node visited is also a step. */
  private spendValue(value: MockValue): void {
    this.step();
    if (typeof value === 'string') this.spend(Buffer.byteLength(value) + 2);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) this.spend(String(value).length);
    else if (Array.isArray(value)) {
      this.spend(2);
      for (const item of value) {
        this.spend(1);
        this.spendValue(item);
      }
    } else {
      this.spend(2);
      for (const [key, item] of Object.entries(value)) {
        this.spend(Buffer.byteLength(key) + 4);
        this.spendValue(item);
      }
    }
  }
}

/** How a value reads inside a longer string: numbers and booleans as written, lists and objects as JSON. */
function asText(value: MockValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}
