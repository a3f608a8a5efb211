import type SQLite from 'better-sqlite3';

/**
 * Chinese, Japanese and Korean text has no spaces between words, and the trigram index needs three
 * characters, so a one- or two-character CJK keyword ("表", "订单") would scan every page. As CJK analyzers
 * do, each run of CJK characters is indexed as its single characters plus its overlapping bigrams: every
 * 1- or 2-character substring of a run is then one exact term, so a 1–2 character CJK keyword keeps
 * ShowDoc's substring meaning. Title terms are indexed a second time with a `t` prefix, so title hits can
 * be asked for first.
 *
 * Terms are spelled in ASCII (`x` + hex code point per character: 订单 → `x8ba2x5355`), so any tokenizer
 * (FTS5's `ascii`, a plain text[] on PostgreSQL) keeps them whole, whatever the database's locale.
 */

/** The CJK ranges (kana, CJK ideographs with extensions A–G, compatibility ideographs, Hangul syllables). */
const CJK_RANGES: readonly (readonly [number, number])[] = [
  [0x3005, 0x3005],
  [0x3007, 0x3007],
  [0x3040, 0x30ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7af],
  [0xf900, 0xfaff],
  [0x20000, 0x3134f],
];

const hex = (code: number) => code.toString(16);
const classOf = (escape: (code: number) => string) => `[${CJK_RANGES.map(([a, b]) => (a === b ? escape(a) : `${escape(a)}-${escape(b)}`)).join('')}]+`;

const CJK_RUN = new RegExp(classOf((c) => `\\u{${hex(c)}}`), 'gu');
const CJK_ONLY = new RegExp(`^${classOf((c) => `\\u{${hex(c)}}`)}$`, 'u');

/** The same character class for a PostgreSQL regular expression (ARE escapes \uXXXX and \UXXXXXXXX). */
export const PG_CJK_RUN = classOf((c) => `\\U${hex(c).padStart(8, '0')}`);

/** The longest keyword the term index serves; longer ones go to the trigram index. */
export const MAX_TERM_LENGTH = 2;

/** Whether the keyword is one or two CJK characters, the keywords the term index answers. */
export function isShortCjk(keyword: string): boolean {
  const chars = [...keyword];
  return chars.length >= 1 && chars.length <= MAX_TERM_LENGTH && CJK_ONLY.test(keyword);
}

/** The term of a 1–2 character CJK keyword; `title` asks for it in titles only. */
export function cjkTerm(keyword: string, title = false): string {
  return `${title ? 't' : ''}${[...keyword].map((c) => `x${hex(c.codePointAt(0) ?? 0)}`).join('')}`;
}

function addRunTerms(text: string, prefix: string, terms: Set<string>): void {
  for (const match of text.matchAll(CJK_RUN)) {
    const chars = [...match[0]].map((c) => `x${hex(c.codePointAt(0) ?? 0)}`);
    for (let i = 0; i < chars.length; i++) {
      terms.add(prefix + chars[i]);
      if (i + 1 < chars.length) terms.add(prefix + chars[i] + chars[i + 1]);
    }
  }
}

/**
 * The term that marks a page's project: a search inside one project asks for both (FTS5 and GIN intersect
 * them), so it reads that project's matches only, not every match of the site.
 */
export function itemTerm(itemId: number): string {
  return `i${itemId}`;
}

/** Every distinct term of a page (title terms also with their `t` prefix) and its project's, space-separated. */
export function cjkTerms(title: string | null, content: string | null, itemId: number | null = null): string {
  const terms = new Set<string>();
  if (itemId !== null) terms.add(itemTerm(itemId));
  addRunTerms(title ?? '', 't', terms);
  addRunTerms(title ?? '', '', terms);
  addRunTerms(content ?? '', '', terms);
  return [...terms].join(' ');
}

/**
 * Registers `folio_cjk_terms(title, content, item_id)` on an SQLite connection: the triggers of migration 0010 call
 * it, so every connection that writes pages needs it (server/db/database.ts opens them all).
 */
export function registerSearchFunctions(sqlite: SQLite.Database): void {
  sqlite.function('folio_cjk_terms', { deterministic: true }, (title: unknown, content: unknown, itemId: unknown) =>
    cjkTerms(typeof title === 'string' ? title : null, typeof content === 'string' ? content : null, typeof itemId === 'number' || typeof itemId === 'bigint' ? Number(itemId) : null),
  );
}
