import { describe, expect, it } from 'vitest';
import {
  cryptoRandom,
  MAX_DEPTH,
  MAX_OUTPUT_BYTES,
  MAX_REPEAT,
  MAX_TEMPLATE_BYTES,
  renderMockTemplate,
  type RandomSource,
} from './template-engine.js';

/**
 * Folio's Mock.js-compatible templates. The rules and placeholders are Mock.js's; unlike ShowDoc's Mock.js
 * service, nothing in a template is executed and every render is bounded (security.md §1.18a, test E6).
 */

/** mulberry32: a small seeded generator, so the "random" tests replay exactly. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { float: next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

/** Always the lowest or the highest draw: makes each rule's two ends visible. */
const lowest: RandomSource = { int: (min) => min, float: () => 0 };
const highest: RandomSource = { int: (_min, max) => max, float: () => 0.999999 };

const NOW = new Date(2024, 0, 2, 3, 4, 5);

/** The count and size limits are deterministic; the wall-clock backstop is tested on its own with a fake clock. */
const NO_DEADLINE = { maxRenderMs: 60_000 };

function render(template: unknown, random: RandomSource = seeded(1)): unknown {
  // A busy CI machine must not turn a small template's render into a time-limit refusal.
  const result = renderMockTemplate(JSON.stringify(template), random, { now: NOW, ...NO_DEADLINE });
  if (!result.ok) throw new Error(`render failed: ${result.error}`);
  return JSON.parse(result.body);
}

/** Renders `{"v": template}` under `key` and returns the generated value. */
function value(key: string, template: unknown, random: RandomSource = seeded(1)): unknown {
  const output = render({ [key]: template }, random) as Record<string, unknown>;
  const name = key.includes('|') ? key.slice(0, key.lastIndexOf('|')) : key;
  return output[name];
}

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe('number rules', () => {
  it('"n|min-max" is an integer in the range', () => {
    expect(value('n|1-100', 0, lowest)).toBe(1);
    expect(value('n|1-100', 0, highest)).toBe(100);
    for (let seed = 0; seed < 50; seed++) {
      const n = value('n|1-100', 0, seeded(seed));
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(100);
    }
  });

  it('"n|count" is the count, and negative ranges work', () => {
    expect(value('n|5', 0)).toBe(5);
    expect(value('n|-10--5', 0, lowest)).toBe(-10);
    expect(value('n|-10--5', 0, highest)).toBe(-5);
  });

  it('"n|min-max.dmin-dmax" adds that many decimals, the last one not zero', () => {
    expect(value('n|1-100.1-2', 0, lowest)).toBe(1.1);
    expect(value('n|1-100.1-2', 0, highest)).toBe(100.99);
    for (let seed = 0; seed < 50; seed++) {
      expect(String(value('n|1-100.1-2', 0, seeded(seed)))).toMatch(/^(100|[1-9]\d?)\.\d?[1-9]$/);
    }
  });

  it('"n|.dcount" keeps the template\'s whole part and its decimals', () => {
    expect(value('n|.2', 1.5, lowest)).toBe(1.51);
    expect(value('n|.1', 7.25, lowest)).toBe(7.2);
  });

  it('"n|+step" starts at the template value and counts up on each repetition', () => {
    expect(value('id|+1', 1)).toBe(1);
    expect(render({ 'list|3': [{ 'id|+1': 1, 'code|+10': 100 }] })).toEqual({
      list: [
        { id: 1, code: 100 },
        { id: 2, code: 110 },
        { id: 3, code: 120 },
      ],
    });
  });

  it('a number without a rule is copied', () => {
    expect(render({ a: 3.5, b: -1 })).toEqual({ a: 3.5, b: -1 });
  });
});

describe('string rules', () => {
  it('"s|count" repeats the string', () => {
    expect(value('s|3', 'ab')).toBe('ababab');
    expect(value('s|0', 'x')).toBe('');
  });

  it('"s|min-max" repeats it a random number of times in the range', () => {
    expect(value('s|1-3', '★', lowest)).toBe('★');
    expect(value('s|1-3', '★', highest)).toBe('★★★');
  });

  it('each repetition draws its placeholders anew', () => {
    const text = value('s|5', '@natural(0,9)', seeded(3));
    expect(text).toMatch(/^\d{5}$/);
    expect(new Set(String(text)).size).toBeGreaterThan(1);
  });
});

describe('boolean rules', () => {
  it('"b|1" is true or false at even odds', () => {
    expect(value('b|1', true, lowest)).toBe(true);
    expect(value('b|1', true, highest)).toBe(false);
    const seen = new Set(Array.from({ length: 40 }, (_, seed) => value('b|1', true, seeded(seed))));
    expect(seen).toEqual(new Set([true, false]));
  });

  it('"b|min-max" keeps the value with probability min / (min + max)', () => {
    const half: RandomSource = { int: (min) => min, float: () => 0.5 };
    expect(value('b|1-2', true, half)).toBe(false);
    expect(value('b|2-1', true, half)).toBe(true);
  });

  it('a boolean without a rule is copied', () => {
    expect(value('b', false)).toBe(false);
  });
});

describe('array rules', () => {
  it('"list|min-max" repeats the items', () => {
    expect(value('list|1-10', ['x'], lowest)).toEqual(['x']);
    expect(value('list|1-10', ['x'], highest)).toEqual(Array(10).fill('x'));
    expect(value('list|2', [1, 2])).toEqual([1, 2, 1, 2]);
    expect(value('list|0', [1])).toEqual([]);
  });

  it('"list|1" is one of the items, not a list', () => {
    expect(value('list|1', ['a', 'b', 'c'], lowest)).toBe('a');
    expect(value('list|1', ['a', 'b', 'c'], highest)).toBe('c');
    expect(value('list|1', [])).toBeNull();
  });

  it('"list|+1" takes the items in turn across repetitions', () => {
    expect(render({ 'rows|4': [{ 'method|+1': ['GET', 'POST', 'PUT'] }] })).toEqual({
      rows: [{ method: 'GET' }, { method: 'POST' }, { method: 'PUT' }, { method: 'GET' }],
    });
  });

  it('items are generated one by one, with their own rules', () => {
    const rows = value('rows|3', [{ 'n|1-5': 0, name: '@first' }], seeded(9)) as { n: number; name: string }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.n).toBeGreaterThanOrEqual(1);
      expect(row.n).toBeLessThanOrEqual(5);
      expect(row.name).toMatch(/^[A-Z][a-z]+$/);
    }
  });
});

describe('object rules', () => {
  const template = { a: 1, b: 2, c: 3 };

  it('"o|count" keeps that many properties, chosen at random', () => {
    expect(value('o|2', template, lowest)).toEqual({ a: 1, b: 2 });
    for (let seed = 0; seed < 20; seed++) {
      const picked = value('o|2', template, seeded(seed)) as Record<string, number>;
      expect(Object.keys(picked)).toHaveLength(2);
      for (const [key, n] of Object.entries(picked)) expect(template[key as keyof typeof template]).toBe(n);
    }
  });

  it('"o|min-max" keeps between min and max, never more than there are', () => {
    expect(Object.keys(value('o|1-3', template, lowest) as object)).toHaveLength(1);
    expect(Object.keys(value('o|5', template) as object)).toHaveLength(3);
    expect(value('o|0', template)).toEqual({});
  });

  it('keys without a valid rule are kept as written', () => {
    expect(render({ 'a|b': 1, '|3': 2, 'c|': 3, 'd|1-2-3': 4 })).toEqual({ 'a|b': 1, '|3': 2, 'c|': 3, 'd|1-2-3': 4 });
  });

  it('null and nested plain values are copied', () => {
    expect(render({ a: null, b: { c: [1, 'x', true] } })).toEqual({ a: null, b: { c: [1, 'x', true] } });
  });

  it('a template that is not an object works too', () => {
    expect(render(['@integer(4,4)', 1])).toEqual([4, 1]);
    expect(render('@boolean', lowest)).toBe(false);
  });
});

describe('placeholders', () => {
  it('a string that is one placeholder keeps the generator\'s type', () => {
    const out = render(
      {
        integer: '@integer(1,100)',
        natural: '@natural',
        float: '@float(0,10,1,2)',
        boolean: '@boolean',
        pick: '@pick([1,2,3])',
        once: { 's|1': '@natural' },
      },
      seeded(4),
    ) as Record<string, unknown>;
    expect(Number.isInteger(out.integer)).toBe(true);
    expect(out.integer).toBeGreaterThanOrEqual(1);
    expect(out.integer).toBeLessThanOrEqual(100);
    expect(Number.isInteger(out.natural)).toBe(true);
    expect(String(out.float)).toMatch(/^(10|\d)\.\d?[1-9]$/);
    expect(typeof out.boolean).toBe('boolean');
    expect([1, 2, 3]).toContain(out.pick);
    expect(typeof (out.once as { s: unknown }).s).toBe('number');
  });

  it('placeholders inside longer strings are replaced as text', () => {
    expect(value('a', 'Hello @first!')).toMatch(/^Hello [A-Z][a-z]+!$/);
    expect(value('a', '@integer(7,7) items, @boolean(1,0,true)')).toBe('7 items, true');
    expect(value('a', '@first @last')).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(value('a', '@NAME')).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });

  it('@increment counts within one render', () => {
    expect(render({ a: '@increment', b: '@increment', c: '@increment(10)' })).toEqual({ a: 1, b: 2, c: 12 });
  });

  it('an earlier sibling key wins over the generator of the same name (Mock.js)', () => {
    const out = render({ first: '@FIRST', last: '@LAST', full: '@first @last', copy: '@first' }, seeded(2)) as Record<
      string,
      string
    >;
    expect(out.full).toBe(`${out.first} ${out.last}`);
    expect(out.copy).toBe(out.first);
  });

  it('unknown placeholders, paths and e-mail addresses stay as written', () => {
    const out = render({
      unknown: '@nothing',
      unknownArgs: '@nothing(1, "a")',
      inherited: '@constructor @toString @hasOwnProperty @__proto__',
      path: '@/a/b and @../c',
      mail: 'write to user@example.com',
      bare: '@ and @(1)',
    });
    expect(out).toEqual({
      unknown: '@nothing',
      unknownArgs: '@nothing(1, "a")',
      inherited: '@constructor @toString @hasOwnProperty @__proto__',
      path: '@/a/b and @../c',
      mail: 'write to user@example.com',
      bare: '@ and @(1)',
    });
  });

  it('\\@ is a literal @', () => {
    expect(value('a', '\\@name')).toBe('@name');
  });

  it('arguments may be quoted, bare words (as Mock.js\'s fallback allows) or arrays', () => {
    expect(value('a', '@date(yyyy/MM/dd)')).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(value('a', '@string("lower", 5)')).toMatch(/^[a-z]{5}$/);
    expect(value('a', '@string(upper, 5)')).toMatch(/^[A-Z]{5}$/);
    expect(value('a', "@string('ab)c', 30)")).toMatch(/^[ab)c]{30}$/);
    expect(value('a', '@pick(["a,b", "c)"])')).toMatch(/^(a,b|c\))$/);
    expect(value('a', '@image(200x100, #ffcc33, #FFF, png, Hi there)')).toBe(
      'http://dummyimage.com/200x100/ffcc33/FFF.png&text=Hi%20there',
    );
  });

  it('each listed placeholder gives a value of the right shape', () => {
    const shapes: Record<string, RegExp> = {
      '@name': /^[A-Z][a-z]+ [A-Z][a-z]+$/,
      '@first': /^[A-Z][a-z]+$/,
      '@last': /^[A-Z][a-z]+$/,
      '@cname': /^\p{Script=Han}{2,3}$/u,
      '@cfirst': /^\p{Script=Han}$/u,
      '@clast': /^\p{Script=Han}{1,2}$/u,
      '@string': /^.{3,7}$/,
      '@string(5)': /^.{5}$/,
      '@string(1,10)': /^.{1,10}$/,
      '@word': /^[a-z]{3,10}$/,
      '@cword': /^\p{Script=Han}$/u,
      '@cword(3)': /^\p{Script=Han}{3}$/u,
      '@sentence': /^[A-Z][a-z]*( [a-z]+){11,17}\.$/,
      '@csentence': /^\p{Script=Han}{12,18}。$/u,
      '@title': /^[A-Z][a-z]+( [A-Z][a-z]+){2,6}$/,
      '@ctitle': /^\p{Script=Han}{3,7}$/u,
      '@paragraph': /^([A-Z][a-z ]+\. ?){3,7}$/,
      '@cparagraph': /^(\p{Script=Han}+。){3,7}$/u,
      '@integer(1,100)': /^\d{1,3}$/,
      '@natural': /^\d+$/,
      '@float(0,10,1,2)': /^\d{1,2}\.\d{1,2}$/,
      '@boolean': /^(true|false)$/,
      '@date': /^\d{4}-\d{2}-\d{2}$/,
      '@time': /^\d{2}:\d{2}:\d{2}$/,
      '@datetime': /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
      '@now': /^2024-01-02 03:04:05$/,
      '@now(day)': /^2024-01-02 00:00:00$/,
      '@now(year, yyyy-MM-dd)': /^2024-01-01$/,
      '@email': /^[a-z]\.[a-z]+@[a-z]+\.[a-z.]+$/,
      '@url': /^https?:\/\/[a-z]+\.[a-z.]+\/[a-z]+$/,
      '@domain': /^[a-z]+\.[a-z.]+$/,
      '@ip': /^(\d{1,3}\.){3}\d{1,3}$/,
      '@guid': /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      '@uuid': /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      '@id': /^\d{17}[\dX]$/,
      '@color': /^#[0-9a-f]{6}$/,
      '@image': /^http:\/\/dummyimage\.com\/\d+x\d+$/,
      '@province': /^\p{Script=Han}+$/u,
      '@city': /^\p{Script=Han}+$/u,
      '@city(true)': /^\p{Script=Han}+ \p{Script=Han}+$/u,
      '@region': /^(东北|华北|华东|华中|华南|西南|西北)$/,
      '@zip': /^\d{6}$/,
      '@increment': /^1$/,
      '@pick(["x","y"])': /^[xy]$/,
    };
    for (let seed = 0; seed < 10; seed++) {
      for (const [placeholder, shape] of Object.entries(shapes)) {
        const generated = value('v', placeholder, seeded(seed));
        expect(String(generated), `${placeholder} (seed ${seed})`).toMatch(shape);
        expect(String(value('v', `<${placeholder}>`, seeded(seed))), placeholder).toMatch(
          new RegExp(`^<(?:${shape.source.slice(1, -1)})>$`, shape.flags),
        );
      }
    }
  });

  it('@id ends with the right check character', () => {
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    for (let seed = 0; seed < 20; seed++) {
      const id = String(value('v', '@id', seeded(seed)));
      const sum = weights.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
      expect(id[17]).toBe('10X98765432'[sum % 11]);
    }
  });

  it('the same seed gives the same output', () => {
    const template = { 'users|5': [{ 'id|+1': 1, name: '@cname', email: '@email', 'age|18-60': 0 }] };
    expect(render(template, seeded(42))).toEqual(render(template, seeded(42)));
  });
});

describe('hostile templates (security.md E6)', () => {
  const pwned = () => Reflect.get(globalThis, 'pwned');

  it('E6 · placeholder arguments are never evaluated: the text stays inert', () => {
    const templates: Record<string, string> = {
      '{"a":"@string(globalThis.pwned=1)"}': '@string(globalThis.pwned=1)',
      '{"a":"@eval(1)"}': '@eval(1)',
      '{"a":"@(process.exit())"}': '@(process.exit())',
      '{"a":"@string(process.exit())"}': '@string(process.exit())',
      '{"a":"@date(require(\'child_process\').execSync(\'id\'))"}': "@date(require('child_process').execSync('id'))",
      '{"a":"@pick([1].map(function(){globalThis.pwned=1}))"}': '@pick([1].map(function(){globalThis.pwned=1}))',
      '{"a":"@string(`${globalThis.pwned=1}`)"}': '@string(`${globalThis.pwned=1}`)',
      '{"a":"@integer(1,(globalThis.pwned=1))"}': '@integer(1,(globalThis.pwned=1))',
      '{"a":"@string(\\"x\\"+(globalThis.pwned=1))"}': '@string("x"+(globalThis.pwned=1))',
    };
    for (const [template, expected] of Object.entries(templates)) {
      const { result, ms } = timed(() => renderMockTemplate(template, seeded(1)));
      expect(result, template).toEqual({ ok: true, body: JSON.stringify({ a: expected }) });
      expect(ms).toBeLessThan(1000);
    }
    expect(pwned()).toBeUndefined();
    expect('pwned' in globalThis).toBe(false);
  });

  it('E6 · __proto__, constructor and prototype keys are plain data and pollute nothing', () => {
    const templates = [
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"a|2":[{"__proto__":{"x":1},"__proto__|1-2":{"x":2}}]}',
      '{"__proto__|1":{"x":1,"y":2}}',
      '{"prototype":"@first","x":"@__proto__ @constructor"}',
    ];
    for (const template of templates) {
      const result = renderMockTemplate(template, seeded(1));
      expect(result.ok, template).toBe(true);
      expect(Object.hasOwn(Object.prototype, 'x')).toBe(false);
      expect(Reflect.get({}, 'x')).toBeUndefined();
      expect(Reflect.get(Object.prototype, 'x')).toBeUndefined();
    }
    expect(renderMockTemplate('{"__proto__":{"x":1}}', seeded(1))).toEqual({ ok: true, body: '{"__proto__":{"x":1}}' });
  });

  it('E6 · repeat counts are capped', () => {
    const { result, ms } = timed(() => renderMockTemplate('{"list|1000000000":[1]}', seeded(1)));
    expect(ms).toBeLessThan(1000);
    expect(result.ok).toBe(true);
    if (result.ok) expect((JSON.parse(result.body) as { list: number[] }).list).toHaveLength(MAX_REPEAT);

    const text = renderMockTemplate('{"s|99999999":"x"}', seeded(1));
    expect(text).toEqual({ ok: true, body: JSON.stringify({ s: 'x'.repeat(MAX_REPEAT) }) });

    const wide = renderMockTemplate('{"s|1-99999999":"x","l|999999-99999999":[0]}', highest);
    expect(wide.ok).toBe(true);
    if (wide.ok) expect(wide.body.length).toBeLessThan(3 * MAX_REPEAT + 100);

    const long = renderMockTemplate('{"a":"@string(99999999)","b":"@paragraph(99999999)","c":"@range(99999999)"}', seeded(1));
    expect(long.ok).toBe(true);
    if (long.ok) expect(Buffer.byteLength(long.body)).toBeLessThan(MAX_OUTPUT_BYTES);
  });

  it('templates nested deeper than the limit are refused', () => {
    const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    expect(renderMockTemplate(nested(MAX_DEPTH), seeded(1)).ok).toBe(true);
    expect(renderMockTemplate(nested(30), seeded(1))).toEqual({
      ok: false,
      error: `The mock template nests deeper than ${MAX_DEPTH} levels.`,
    });
    const { result, ms } = timed(() => renderMockTemplate('['.repeat(100_000) + ']'.repeat(100_000), seeded(1)));
    expect(result.ok).toBe(false);
    expect(ms).toBeLessThan(1000);
  });

  it('templates larger than 200 KB are refused before parsing', () => {
    const big = JSON.stringify({ a: 'x'.repeat(300 * 1024) });
    expect(renderMockTemplate(big, seeded(1))).toEqual({ ok: false, error: 'The mock template is larger than 200 KB.' });
    expect(renderMockTemplate(JSON.stringify({ a: 'x'.repeat(MAX_TEMPLATE_BYTES - 20) }), seeded(1)).ok).toBe(true);
  });

  const tooLarge = { ok: false, error: 'The generated mock data would be larger than 1 MB.' };
  const tooMuchWork = { ok: false, error: 'The mock template needs too much work to render.' };
  const multipliers = [
    '{"a|1000":["@paragraph(100)"]}',
    '{"a|1000":[{"s|1000":"@cparagraph"}]}',
    '{"a|1000":[{"b|1000":["@guid"]}]}',
    '{"a|1000":[{"b|1000":["@datetime"]}]}',
    JSON.stringify({ big: 'x'.repeat(100_000), 'copies|1000': '@big' }),
    JSON.stringify({ 'big|1000': 'xxxxxxxxxx', 'ref|1000': '@big' }),
    JSON.stringify({ 'big|1000': 'xxxxxxxxxx', ref: { 'a|1000': ['@string(10000)'] } }),
  ];

  it('output over 1 MB is refused, whatever multiplies it', () => {
    for (const template of multipliers) {
      const { result, ms } = timed(() => renderMockTemplate(template, seeded(1), NO_DEADLINE));
      expect(result, template.slice(0, 80)).toEqual(tooLarge);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('loops that produce little output are bounded by the work limit', () => {
    for (const template of [
      '{"a|1000":[{"b|1000":[]}]}',
      '{"a|1000":[{"b|1000":[{"c|1000":[1]}]}]}',
      '{"a|1000":[{"b|1000":["@boolean"]}]}',
      '{"a|1000":[{"s|1000":""}]}',
    ]) {
      const { result, ms } = timed(() => renderMockTemplate(template, seeded(1), NO_DEADLINE));
      expect([tooLarge, tooMuchWork], template).toContainEqual(result);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('with the real clock and crypto source, every hostile template stops quickly', () => {
    for (const template of [...multipliers, '{"a|1000":[{"b|1000":[]}]}', '{"a|1000":[{"b|1000":["@float"]}]}']) {
      const { result, ms } = timed(() => renderMockTemplate(template));
      expect(result.ok, template.slice(0, 80)).toBe(false);
      expect(ms, template.slice(0, 80)).toBeLessThan(1000);
    }
  });

  it('a render that runs past the time limit is stopped', () => {
    let now = 0;
    const clock = () => (now += 100);
    const result = renderMockTemplate('{"a|1000":[{"b|100":["@natural"]}]}', seeded(1), { clock });
    expect(result).toEqual({ ok: false, error: 'The mock template takes too long to render.' });
    expect(renderMockTemplate('{"a|3":["@natural"]}', seeded(1), { clock }).ok).toBe(true);
  });

  it('large output just under the limit is produced, in bounded time', () => {
    const { result, ms } = timed(() =>
      renderMockTemplate('{"rows|1000":["@string(lower, 900)"]}', cryptoRandom, NO_DEADLINE),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(Buffer.byteLength(result.body)).toBeLessThanOrEqual(MAX_OUTPUT_BYTES);
    expect(ms).toBeLessThan(1000);
  });

  it('a realistic list of 1000 records renders quickly', () => {
    const template = JSON.stringify({
      code: 0,
      'data|1000': [
        {
          'id|+1': 1,
          name: '@cname',
          email: '@email',
          'age|18-60': 0,
          city: '@city(true)',
          created_at: '@datetime',
          'score|0-100.1-2': 0,
          'active|1': true,
          'tags|1-3': ['@word'],
        },
      ],
    });
    renderMockTemplate(template, cryptoRandom, NO_DEADLINE); // warm up, as a running server is
    const { result, ms } = timed(() => renderMockTemplate(template, cryptoRandom, NO_DEADLINE));
    expect(result.ok).toBe(true);
    expect(ms).toBeLessThan(1000);
  });

  it('a template full of placeholders with bad arguments is read in linear time', () => {
    const piece = '@a(")@a(\'x,';
    const template = JSON.stringify({ a: piece.repeat(Math.floor((MAX_TEMPLATE_BYTES - 100) / (piece.length + 2))) });
    const { result, ms } = timed(() => renderMockTemplate(template, seeded(1)));
    expect(result.ok).toBe(true);
    expect(ms).toBeLessThan(1000);
  });

  it('invalid JSON is refused with a message', () => {
    for (const template of ['', '{', "{'a':1}", '{"a":1,}', 'undefined']) {
      const result = renderMockTemplate(template, seeded(1));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/^The mock template is not valid JSON/);
    }
  });

  it('nothing leaked onto globalThis', () => {
    expect(pwned()).toBeUndefined();
  });
});

describe('cryptoRandom', () => {
  it('draws integers in the inclusive range and floats in [0, 1)', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = cryptoRandom.int(-2, 2);
      expect(n).toBeGreaterThanOrEqual(-2);
      expect(n).toBeLessThanOrEqual(2);
      seen.add(n);
      const f = cryptoRandom.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect(seen.size).toBe(5);
    expect(cryptoRandom.int(7, 7)).toBe(7);
    const huge = cryptoRandom.int(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    expect(Number.isSafeInteger(huge)).toBe(true);
  });

  it('is the default source', () => {
    const result = renderMockTemplate('{"n|1-3":0,"s":"@guid"}');
    expect(result.ok).toBe(true);
  });
});
