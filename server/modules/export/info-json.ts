import type { Ctx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import { pageBodies } from './page-bodies.js';
import type { Outline, OutlineCatalog, PageHeader } from './outline.js';

/**
 * `info.json` of a markdown export in ShowDoc's current layout (showdoc-behaviour.md §8.1), produced
 * piece by piece: the page bodies are read from the database in batches while the JSON is written, so
 * the file can hold every page of a large project without the project being in memory.
 *
 * As in ShowDoc, every scalar is a string. Unlike ShowDoc, the visit password is never written (always
 * "") and bodies are the raw markdown, as Folio stores it.
 */
export async function* infoJson(ctx: Ctx, item: Item, outline: Outline): AsyncGenerator<Buffer> {
  const head = {
    item_type: String(item.item_type),
    item_name: item.item_name,
    item_description: item.item_description,
    password: '',
    // Folio's bodies are raw markdown; ShowDoc's are HTML-escaped. Saying so spares the importer a guess.
    content_escaped: '0',
  };
  yield chunk(`${JSON.stringify(head).slice(0, -1)},"pages":{"pages":`);
  yield* pagesArray(ctx, item.item_id, outline.rootPages);
  yield chunk(',"catalogs":');
  yield* catalogsArray(ctx, item.item_id, outline.catalogs);
  yield chunk('}}');
}

async function* catalogsArray(ctx: Ctx, itemId: number, catalogs: OutlineCatalog[]): AsyncGenerator<Buffer> {
  yield chunk('[');
  let first = true;
  for (const node of catalogs) {
    const c = node.catalog;
    const fields = {
      cat_id: String(c.cat_id),
      cat_name: c.cat_name,
      parent_cat_id: String(c.parent_cat_id),
      level: String(node.level),
      s_number: String(c.s_number),
    };
    yield chunk(`${first ? '' : ','}${JSON.stringify(fields).slice(0, -1)},"pages":`);
    first = false;
    yield* pagesArray(ctx, itemId, node.pages);
    yield chunk(',"catalogs":');
    yield* catalogsArray(ctx, itemId, node.children);
    yield chunk('}');
  }
  yield chunk(']');
}

async function* pagesArray(ctx: Ctx, itemId: number, pages: PageHeader[]): AsyncGenerator<Buffer> {
  yield chunk('[');
  let first = true;
  for await (const { header, body } of pageBodies(ctx, itemId, pages)) {
    const page = {
      page_id: String(header.page_id),
      page_title: header.page_title,
      cat_id: String(header.cat_id),
      page_content: body,
      s_number: String(header.s_number),
      page_comments: header.page_comments,
    };
    yield chunk((first ? '' : ',') + JSON.stringify(page));
    first = false;
  }
  yield chunk(']');
}

function chunk(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}
