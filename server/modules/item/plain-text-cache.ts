import { sql } from 'kysely';
import type { Ctx } from '../../context.js';

/** A page's words as parsed by this search, to be kept for the next (0012_page_plain_text). */
export interface ParsedPage {
  page_id: number;
  /** The text that was parsed: the row is kept only while the page still holds it. */
  content: string;
  plain: string;
}

/**
 * Keeps the words of pages a search parsed. Each row goes in only if its page still holds the text that
 * was parsed, checked in the same statement: a save between this search's read and this write (whose
 * trigger found no row to drop) leaves no stale words. On PostgreSQL `for share` makes the check wait for
 * a save in flight and see its text. A failure only costs the next search a parse, so it never fails
 * the search.
 */
export async function keepPlainTexts(ctx: Ctx, rules: number, pages: readonly ParsedPage[]): Promise<void> {
  if (pages.length === 0) return;
  const lock = ctx.dialect === 'postgres' ? sql` for share` : sql``;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const page of pages) {
        await sql`insert into page_plain_text (page_id, rules, plain)
          select page_id, ${rules}, ${page.plain} from page where page_id = ${page.page_id} and page_content = ${page.content}${lock}
          on conflict (page_id) do update set rules = excluded.rules, plain = excluded.plain`.execute(trx);
      }
    });
  } catch {
    // The words are parsed again by the next search that meets these pages.
  }
}
