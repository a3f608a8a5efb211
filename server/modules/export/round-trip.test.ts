import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addPage, createItem } from '../../test/item-factories.js';
import { PNG, uploadTo } from '../../test/upload-helpers.js';

/**
 * Issue 7: a markdown export imports back into an identical project (titles, order, content,
 * structure). Exercises this module's zip and the import module's reader together.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t?.close());

interface Shape {
  title: string;
  content?: string;
  children?: Shape[];
}

/** The project as a tree of catalogs and pages in reader order: pages first, then sub-catalogs. */
async function shapeOf(itemId: number): Promise<Shape[]> {
  const catalogs = await t.database.db.selectFrom('catalog').selectAll().where('item_id', '=', itemId).orderBy('s_number').orderBy('cat_id').execute();
  const pages = await t.database.db
    .selectFrom('page')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('is_del', '=', 0)
    .orderBy('s_number')
    .orderBy('page_id')
    .execute();
  const level = (catId: number): Shape[] => [
    ...pages.filter((p) => p.cat_id === catId).map((p) => ({ title: p.page_title, content: p.page_content })),
    ...catalogs.filter((c) => c.parent_cat_id === catId).map((c) => ({ title: `[${c.cat_name}]`, children: level(c.cat_id) })),
  ];
  return level(0);
}

describe('markdown export → import', () => {
  it('rebuilds the same project: three catalog levels, page order, unicode titles, code, tables and an image', async () => {
    const item = await createItem(t, owner, { item_name: 'Round trip 往返 👩‍💻' });
    const top2 = await addCatalog(t, item.item_id, 'Zweite — second');
    const top1 = await addCatalog(t, item.item_id, '第一章 First');
    const mid = await addCatalog(t, item.item_id, 'Middle', top1);
    const deep = await addCatalog(t, item.item_id, 'Deep שלום', mid);
    await t.database.db.updateTable('catalog').set({ s_number: 1 }).where('cat_id', '=', top1.cat_id).execute();
    await t.database.db.updateTable('catalog').set({ s_number: 2 }).where('cat_id', '=', top2.cat_id).execute();
    const shot = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id }, { field: 'editormd-image-file', filename: 'diagram.png', data: PNG, contentType: 'image/png' }, owner.token);
    const imageUrl = String(shot.body.url);
    expect(imageUrl).toContain('sign=');
    const code = '# API\n\n```json\n{"a": 1, "b": "<tag> & \\"quote\\""}\n```\n\n| name | type |\n|---|---|\n| id | int |\n';
    const specs: [number, string, string, number][] = [
      [0, 'Read me first', 'root page', 1],
      [top1.cat_id, 'Later page', 'later', 9],
      [top1.cat_id, 'Earlier page 前', code, 3],
      [mid.cat_id, 'v1.2 notes', 'Write &lt; for a less-than sign in HTML', 1],
      [deep.cat_id, 'Émoji 👩‍💻 page', 'deep body\n\n> quote', 1],
      [top2.cat_id, 'Only page', `The flow:\n\n![diagram](${imageUrl})\n`, 1],
    ];
    for (const [catId, title, content, s] of specs) {
      const page = await addPage(t, item.item_id, { cat_id: catId, title, content });
      await t.database.db.updateTable('page').set({ s_number: s }).where('page_id', '=', page.page_id).execute();
    }

    const exported = await t.call('export/markdown', { item_id: item.item_id }, { token: owner.token });
    expect(exported.response.statusCode).toBe(200);
    const imported = await uploadTo(t, 'import/auto', { item_id: 0 }, { filename: 'showdoc.zip', data: Buffer.from(exported.response.rawPayload), contentType: 'application/zip' }, owner.token);
    expect(imported.body).toMatchObject({ error_code: 0 });
    const newId = Number((imported.body.data as { item_id: number }).item_id);
    expect(newId).not.toBe(item.item_id);

    const copy = await t.database.db.selectFrom('item').selectAll().where('item_id', '=', newId).executeTakeFirstOrThrow();
    expect(copy.item_name).toBe('Round trip 往返 👩‍💻');
    expect(copy.password).toBe('');
    expect(await shapeOf(newId)).toEqual(await shapeOf(item.item_id));
    // The image link still shows the picture.
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.headers['content-type']).toBe('image/png');
  });
});
