import { z } from 'zod';

/**
 * The vocabulary of answer schemas (common/answers/). Folio's own URLs (`/api/…`) answer typed JSON:
 * numbers as numbers, text as written. ShowDoc's URL forms answer as ShowDoc 3.9.2 does, and the
 * difference is a property of the field, recorded here once: a number read from a database row goes
 * out as a string (ShowDoc's PDO stringifies every fetched value), page text goes out HTML-escaped
 * (ShowDoc stores it escaped and its clients unescape it once), and Folio's own extras are left out.
 * server/http/showdoc-dialect.ts reads these marks; nothing else decides the ShowDoc form of an answer.
 */
export type ShowDocForm = 'string' | 'escaped' | 'omit' | 'commaList';

export const showdocWire = z.registry<{ showdoc: ShowDocForm }>();

/** A number stored in a database row: `"12"` on ShowDoc's URLs, `12` on Folio's. */
export const rowInt = () => z.number().register(showdocWire, { showdoc: 'string' });

/** Ids ShowDoc stores as one comma-separated column (`item_member.cat_ids`): `[3, 5]` on Folio's URLs, `"3,5"` (or `""`) on ShowDoc's. */
export const idList = () => z.array(z.number()).register(showdocWire, { showdoc: 'commaList' });

/** A number ShowDoc computes in PHP (flags, counts, ids just inserted): a number everywhere. */
export const int = () => z.number();

/** Text as stored. */
export const text = () => z.string();

/** Page bodies (markdown, RunApi JSON, spreadsheet JSON): raw here, HTML-escaped on ShowDoc's URLs. */
export const pageText = () => z.string().register(showdocWire, { showdoc: 'escaped' });

/** A field only Folio answers: present on Folio's URLs, left out on ShowDoc's. */
export function folioOnly<T extends z.ZodType>(schema: T): T {
  showdocWire.add(schema, { showdoc: 'omit' });
  return schema;
}

/** ShowDoc's `[]` for an answer with nothing in it (PHP's empty array). */
export const empty = () => z.array(z.never());
