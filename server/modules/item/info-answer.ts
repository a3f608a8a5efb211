import crypto from 'node:crypto';
import * as answer from '../../../common/answers/item.js';
import type { ItemInfo } from '../../../common/answers/item.js';
import type { Ctx } from '../../context.js';
import { COMPRESS_THRESHOLD, encodeAsync, negotiateCoding } from '../../http/compression.js';
import { ok, RawResponse } from '../../http/envelope.js';
import { toShowDoc } from '../../http/showdoc-dialect.js';
import { requireVisitShown, type ItemAccess } from './access.js';
import { buildItemInfo, readSurroundings, type InfoInput, type InfoSurroundings } from './info.js';
import { infoCacheFor } from './info-cache.js';

const JSON_TYPE = 'application/json; charset=utf-8';
/** The browser keeps the answer but asks every time (`If-None-Match`); nothing shared may keep it. */
const CACHE_CONTROL = 'private, no-cache';

/**
 * `item/info` (issue 21): access is decided on every request, before any cache; then the answer is named
 * by an ETag made of the project's version stamp and everything about this caller that changes it. A
 * client that holds that answer gets 304 without a body; else the serialized answer comes from the
 * cache, or is built and kept. Keyword searches are
 * answered fresh and carry no ETag.
 */
export async function serveItemInfo(ctx: Ctx, ref: string, input: InfoInput): Promise<RawResponse> {
  const access = await requireVisitShown(ctx, ref);
  const around = await readSurroundings(ctx);
  if (input.keyword) return new RawResponse(JSON_TYPE, serialize(ctx, await buildItemInfo(ctx, access, input, around)), { 'cache-control': 'no-store' });

  const etag = infoEtag(ctx, access, input, around);
  const headers = { etag, 'cache-control': CACHE_CONTROL };
  if (matchesEtag(ctx.ifNoneMatch, etag)) return new RawResponse(JSON_TYPE, '', headers, 304);
  const cache = infoCacheFor(ctx.db);
  let body = cache.get(etag);
  if (!body) {
    body = serialize(ctx, await buildItemInfo(ctx, access, input, around));
    cache.set(etag, body);
  }
  // Compressing a large tree costs more than building it from the cache: keep the encoded form too, and
  // label it, so the compression hook (server/http/compression.ts) leaves it as it is.
  const coding = body.length >= COMPRESS_THRESHOLD ? negotiateCoding(ctx.acceptEncoding) : null;
  if (!coding) return new RawResponse(JSON_TYPE, body, headers);
  let encoded = cache.get(`${etag}:${coding}`);
  if (!encoded) {
    encoded = await encodeAsync(coding, body);
    cache.set(`${etag}:${coding}`, encoded);
  }
  return new RawResponse(JSON_TYPE, encoded, { ...headers, 'content-encoding': coding, vary: 'accept-encoding' });
}

/** The envelope as the dispatcher would send it, in the dialect of the URL the request came on. */
function serialize(ctx: Ctx, data: ItemInfo): Buffer {
  return Buffer.from(JSON.stringify(ok(ctx.showdocWire ? toShowDoc(answer.ItemInfo, data) : data)));
}

/**
 * Everything the answer depends on, hashed with the site secret: the stamp and the item's own columns
 * (so settings changes need no bump of their own), the URL form, who asks (drafts are their author's;
 * `is_login`), what they may do and see, the pages asked for, and the per-caller numbers. The secret
 * keeps the tag from telling anyone which user or catalogs it stands for.
 */
export function infoEtag(ctx: Ctx, access: ItemAccess, input: InfoInput, around: InfoSurroundings): string {
  const { item } = access;
  const scope = [
    'info-v1',
    item.item_id,
    item.folio_version,
    item.addtime,
    item.item_name,
    item.item_domain,
    item.item_description,
    item.item_type,
    item.is_archived,
    item.allow_comment,
    item.allow_feedback,
    item.password ? 1 : 0,
    ctx.showdocWire ? 'showdoc' : 'folio',
    ctx.user?.uid ?? 0,
    access.canEdit,
    access.canManage,
    access.catalogLimit ? [...access.catalogLimit].sort((a, b) => a - b) : null,
    input.pageId,
    input.defaultPageId,
    around.unreadCount,
    around.showWatermark,
  ];
  const digest = crypto.createHmac('sha256', ctx.secret).update(JSON.stringify(scope)).digest('base64url').slice(0, 32);
  return `"${digest}"`;
}

/** RFC 9110 §13.1.2: a list of tags or `*`, compared weakly (a `W/` prefix does not matter). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
