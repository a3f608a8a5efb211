import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { openCall, openProject, type OpenProject } from '../../test/open-helpers.js';

/**
 * The open API answers on ShowDoc's URLs as ShowDoc does (transcripts 37–39, 53): the page row's numbers
 * as strings, bodies HTML-escaped, no Folio `version`; ids ShowDoc read from the request (`{page_id}`,
 * `{cat_id}`) as numbers. Folio's own URL answers the same action typed.
 */
let t: TestApp;
let project: OpenProject;

const folioUrl = (path: string) => ({ url: `/api/${path}` });
const BODY = 'a < b && "q" \'s\'';

beforeAll(async () => {
  t = await startTestApp();
  project = await openProject(t);
});
afterAll(() => t?.close());

describe('open API answers on ShowDoc’s URLs', () => {
  it('open/updatePage and open/getPage: string ids, the escaped body, no version; typed on Folio’s URL', async () => {
    const showdoc = await openCall(t, 'open/updatePage', project.key, { cat_name: 'Wire', page_title: 'Types', page_content: BODY, s_number: 3 });
    expect(showdoc.data).toMatchObject({
      page_id: expect.any(String),
      author_uid: '0',
      item_id: String(project.item.item_id),
      cat_id: expect.stringMatching(/^[1-9]\d*$/),
      s_number: '3',
      is_del: '0',
      is_draft: '0',
      page_addtime: expect.any(String),
      page_content: 'a &lt; b &amp;&amp; &quot;q&quot; &#039;s&#039;',
      addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(showdoc.data).not.toHaveProperty('version');

    const folio = await openCall(t, 'open/getPage', project.key, { page_title: 'Types' }, folioUrl('open/getPage'));
    expect(folio.data).toMatchObject({ page_id: Number((showdoc.data as { page_id: string }).page_id), item_id: project.item.item_id, s_number: 3, page_content: BODY, version: 1 });
  });

  it('open/getCatalogTree: string ids and escaped bodies at every depth', async () => {
    const res = await openCall(t, 'open/getCatalogTree', project.key);
    const tree = res.data as { pages: unknown[]; catalogs: { cat_id: unknown; level: unknown; catalogs: unknown[]; pages: Record<string, unknown>[] }[] };
    const wire = tree.catalogs.find((c) => (c as unknown as { cat_name: string }).cat_name === 'Wire');
    expect(wire).toMatchObject({ cat_id: expect.any(String), level: '2', catalogs: [] });
    expect(wire?.pages[0]).toMatchObject({ page_id: expect.any(String), s_number: '3', addtime: expect.any(String), page_content: 'a &lt; b &amp;&amp; &quot;q&quot; &#039;s&#039;' });
    const folio = (await openCall(t, 'open/getCatalogTree', project.key, {}, folioUrl('open/getCatalogTree'))).data as typeof tree;
    expect(folio.catalogs.find((c) => c.level === 2)?.pages[0]).toMatchObject({ page_id: expect.any(Number), s_number: 3, page_content: BODY });
  });

  it('open/createCatalog answers the catalog row with strings; deletes answer the id as a number', async () => {
    const created = await openCall(t, 'open/createCatalog', project.key, { cat_name: 'Made' });
    expect(created.data).toMatchObject({ cat_id: expect.any(String), item_id: String(project.item.item_id), level: '2', s_number: '99', parent_cat_id: '0' });
    const catId = Number((created.data as { cat_id: string }).cat_id);
    expect((await openCall(t, 'open/deleteCatalog', project.key, { cat_id: catId })).data).toEqual({ cat_id: catId });
    const page = await openCall(t, 'open/updatePage', project.key, { page_title: 'Gone soon', page_content: 'x' });
    const pageId = Number((page.data as { page_id: string }).page_id);
    expect((await openCall(t, 'open/deletePage', project.key, { page_id: pageId })).data).toEqual({ page_id: pageId });
  });
});
