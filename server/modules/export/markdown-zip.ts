import { once } from 'node:events';
import { Readable, type PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Ctx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import { runApiPageAsMarkdown } from '../../../common/runapi/index.js';
import { FolderNames } from './file-names.js';
import { infoJson } from './info-json.js';
import { BATCH_CHARS, BATCH_PAGES } from './limits.js';
import { pageBodies } from './page-bodies.js';
import { pagesInOrder, type Outline, type OutlineCatalog } from './outline.js';

/** Bytes below which a page is stored rather than deflated. */
const STORE_BELOW = 16 * 1024;

/**
 * `showdoc.zip` (showdoc-behaviour.md §8.1): one `.md` per page in folders named like its catalogs,
 * then `info.json`. The zip is streamed to the client while it is built, and the builder waits for the
 * client to take what was added before it reads the next batch of pages: memory stays at about one
 * batch whatever the size of the project. `info.json` comes last and is written by a second pass over
 * the same outline (see info-json.ts), so no page body is held for it.
 *
 * Pages under STORE_BELOW are stored, not deflated: yazl spends about half a millisecond setting up
 * a compressor per entry, which made a 10,000-page export take three times as long, to save about a
 * kilobyte per small page. Larger pages and info.json are deflated.
 *
 * `done` is called once the archive is complete or the download was abandoned.
 */
export function markdownZip(ctx: Ctx, item: Item, outline: Outline, done: () => void): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings only promise a ReadableStream.
  const out = zip.outputStream as PassThrough;
  let abandoned = false;
  const whenAbandoned = new Promise<void>((resolve) => {
    out.once('close', () => {
      abandoned = true;
      resolve();
    });
  });
  const mtime = new Date((item.last_update_time || ctx.clock.now()) * 1000);
  const places = pagePlaces(outline);

  /** Resolves once yazl has read every stream passed in, or the client went away. */
  const consumed = (streams: Readable[]) => Promise.race([Promise.all(streams.map((s) => finished(s))), whenAbandoned]);
  /** Resolves once the client has taken what yazl wrote (stored entries are written a tick after they are added). */
  const drained = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (out.writableNeedDrain && !abandoned) await Promise.race([once(out, 'drain'), whenAbandoned]);
  };

  const produce = async () => {
    let pending: Readable[] = [];
    let added = 0;
    let addedBytes = 0;
    for await (const { header, body } of pageBodies(ctx, item.item_id, pagesInOrder(outline))) {
      if (abandoned) return;
      const place = places.get(header.page_id);
      if (!place) continue;
      // RunApi pages read as API documents in their .md files; info.json keeps their JSON, which is what
      // an import (Folio's or ShowDoc's) reads, so the project comes back as a RunApi project.
      const data = Buffer.from(item.item_type === 3 ? runApiPageAsMarkdown(body, ctx.lang) : body, 'utf8');
      const name = place.folder + place.names.claim(header.page_title, '.md');
      if (data.length < STORE_BELOW) {
        zip.addBuffer(data, name, { mtime, mode: 0o644, compress: false });
      } else {
        const source = Readable.from([data], { objectMode: false });
        zip.addReadStream(source, name, { mtime, mode: 0o644 });
        pending.push(source);
      }
      added += 1;
      addedBytes += data.length;
      if (added >= BATCH_PAGES || addedBytes >= BATCH_CHARS) {
        await consumed(pending);
        await drained();
        pending = [];
        added = 0;
        addedBytes = 0;
      }
    }
    if (abandoned) return;
    const info = Readable.from(infoJson(ctx, item, outline), { objectMode: false });
    // A database failure half-way through info.json cuts the download; a half archive is never "done".
    info.once('error', (error) => out.destroy(error));
    zip.addReadStream(info, 'info.json', { mtime, mode: 0o644 });
    zip.end();
    await consumed([info]);
  };

  produce()
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
    .finally(done);
  return out;
}

interface PagePlace {
  /** `Catalog/Sub catalog/`, or '' at the root. */
  folder: string;
  /** The names already used in that folder. */
  names: FolderNames;
}

/** Where each page's file goes. Folder names are claimed before page names, parents before children. */
function pagePlaces(outline: Outline): Map<number, PagePlace> {
  const places = new Map<number, PagePlace>();
  const root = new FolderNames();
  root.claim('info', '.json');
  const rootPlace: PagePlace = { folder: '', names: root };
  for (const page of outline.rootPages) places.set(page.page_id, rootPlace);

  const visit = (node: OutlineCatalog, parent: PagePlace) => {
    const place: PagePlace = { folder: `${parent.folder}${parent.names.claim(node.catalog.cat_name)}/`, names: new FolderNames() };
    for (const page of node.pages) places.set(page.page_id, place);
    for (const child of node.children) visit(child, place);
  };
  for (const node of outline.catalogs) visit(node, rootPlace);
  return places;
}
