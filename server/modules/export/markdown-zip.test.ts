import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addPage, createItem, type TestItem } from '../../test/item-factories.js';
import { claimExportSlot } from './one-at-a-time.js';
import { unzip, type UnzippedEntry } from '../../test/unzip.js';

interface InfoPage {
  page_id: string;
  page_title: string;
  cat_id: string;
  page_content: string;
  s_number: string;
  page_comments: string;
}
interface InfoCatalog {
  cat_id: string;
  cat_name: string;
  parent_cat_id: string;
  level: string;
  s_number: string;
  pages: InfoPage[];
  catalogs: InfoCatalog[];
}
interface Info {
  item_type: string;
  item_name: string;
  item_description: string;
  password: string;
  pages: { pages: InfoPage[]; catalogs: InfoCatalog[] };
}

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t?.close());

async function exportZip(item: TestItem): Promise<{ entries: UnzippedEntry[]; info: Info }> {
  const res = await t.call('export/markdown', { item_id: item.item_id }, { token: owner.token });
  expect(res.response.statusCode).toBe(200);
  const entries = await unzip(Buffer.from(res.response.rawPayload));
  const info = JSON.parse(entries.find((e) => e.name === 'info.json')?.data.toString('utf8') ?? 'null') as Info;
  return { entries, info };
}

async function setOrder(table: 'page' | 'catalog', id: number, s: number) {
  if (table === 'page') await t.database.db.updateTable('page').set({ s_number: s }).where('page_id', '=', id).execute();
  else await t.database.db.updateTable('catalog').set({ s_number: s }).where('cat_id', '=', id).execute();
}

describe('export/markdown', () => {
  it('writes one .md per page in catalog folders, and info.json in ShowDoc’s layout with order, raw content and no password', async () => {
    const item = await createItem(t, owner, { item_name: 'Handbook', password: 'visit-secret' });
    const b = await addCatalog(t, item.item_id, 'B second');
    const a = await addCatalog(t, item.item_id, 'A first');
    const a1 = await addCatalog(t, item.item_id, 'Deeper', a);
    const a2 = await addCatalog(t, item.item_id, 'Deepest', a1);
    await setOrder('catalog', a.cat_id, 1);
    await setOrder('catalog', b.cat_id, 2);
    const content = '# Title\n\n<b>raw & html</b> `code` &lt;kept&gt;\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    const late = await addPage(t, item.item_id, { cat_id: a.cat_id, title: 'Late', content: 'late' });
    const early = await addPage(t, item.item_id, { cat_id: a.cat_id, title: 'Early', content });
    await setOrder('page', late.page_id, 5);
    await setOrder('page', early.page_id, 1);
    await addPage(t, item.item_id, { cat_id: a2.cat_id, title: 'Bottom', content: 'bottom' });
    await addPage(t, item.item_id, { title: 'At root', content: 'root' });
    await addPage(t, item.item_id, { cat_id: b.cat_id, title: 'In B', content: 'b' });
    const draft = await addPage(t, item.item_id, { cat_id: b.cat_id, title: 'Draft', content: 'draft body' });
    await t.database.db.updateTable('page').set({ is_draft: 1 }).where('page_id', '=', draft.page_id).execute();
    const deleted = await addPage(t, item.item_id, { cat_id: b.cat_id, title: 'Deleted', content: 'deleted body' });
    await t.database.db.updateTable('page').set({ is_del: 1 }).where('page_id', '=', deleted.page_id).execute();

    const { entries, info } = await exportZip(item);
    expect(entries.map((e) => e.name)).toEqual([
      'At root.md',
      'A first/Early.md',
      'A first/Late.md',
      'A first/Deeper/Deepest/Bottom.md',
      'B second/In B.md',
      'info.json',
    ]);
    expect(entries.find((e) => e.name === 'A first/Early.md')?.data.toString('utf8')).toBe(content);
    expect(info).toMatchObject({ item_type: '1', item_name: 'Handbook', item_description: '', password: '' });
    expect(JSON.stringify(info)).not.toContain('visit-secret');
    expect(JSON.stringify(info)).not.toContain('draft body');
    expect(JSON.stringify(info)).not.toContain('deleted body');
    expect(info.pages.pages.map((pg) => pg.page_title)).toEqual(['At root']);
    expect(info.pages.catalogs.map((c) => c.cat_name)).toEqual(['A first', 'B second']);
    const first = info.pages.catalogs[0] as InfoCatalog;
    expect(first).toMatchObject({ cat_id: String(a.cat_id), parent_cat_id: '0', level: '2', s_number: '1' });
    expect(first.pages.map((pg) => pg.page_title)).toEqual(['Early', 'Late']);
    expect(first.pages[0]).toEqual({ page_id: String(early.page_id), page_title: 'Early', cat_id: String(a.cat_id), page_content: content, s_number: '1', page_comments: '' });
    expect(first.catalogs[0]).toMatchObject({ cat_name: 'Deeper', level: '3', parent_cat_id: String(a.cat_id), pages: [] });
    expect(first.catalogs[0]?.catalogs[0]).toMatchObject({ cat_name: 'Deepest', level: '4', pages: [{ page_title: 'Bottom', page_content: 'bottom' }] });
  });

  it('C16, J1 · sanitises hostile titles into unique names inside the archive root, with the UTF-8 flag', async () => {
    const item = await createItem(t, owner);
    const evil = await addCatalog(t, item.item_id, '../../etc');
    const titles = ['../../evil', 'CON', 'a/b', 'x'.repeat(300), 'Same', 'same', 'Same', 'v1.2 notes', '', '.', '..', 'a\\b:c*d?e"f<g>h|i', 'line\nbreak\u0007', '👩‍💻 开发 مرحبا שלום é', 'spoof\u202Egpj.exe', 'info'];
    for (const title of titles) await addPage(t, item.item_id, { title });
    await addPage(t, item.item_id, { cat_id: evil.cat_id, title: '..\\..\\win' });

    const { entries, info } = await exportZip(item);
    const names = entries.map((e) => e.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const entry of entries) {
      expect(entry.utf8).toBe(true);
      const parts = entry.name.split('/');
      for (const part of parts) {
        expect(part).not.toMatch(/^\.{1,2}$/);
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed or looked for
        expect(part).not.toMatch(/[<>:"\\|?*\u0000-\u001f\u202e]/);
        expect(Buffer.byteLength(part)).toBeLessThanOrEqual(255);
      }
      expect(entry.name.startsWith('/')).toBe(false);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'evil.md',
        'CON_.md',
        'a_b.md',
        `${'x'.repeat(200)}.md`,
        'Same.md',
        'same_1.md',
        'Same_2.md',
        'v1_2 notes.md',
        '未命名.md',
        '未命名_1.md',
        '未命名_2.md',
        'a_b_c_d_e_f_g_h_i.md',
        'line_break.md',
        '👩‍💻 开发 مرحبا שלום é.md',
        'spoof_gpj_exe.md',
        'info.md',
        'info.json',
        'etc/win.md',
      ]),
    );
    // info.json keeps every title exactly as written.
    expect(info.pages.pages.map((pg) => pg.page_title)).toEqual(titles);
  });

  it('exports an empty project as just info.json', async () => {
    const item = await createItem(t, owner, { item_name: 'Empty ✨' });
    const { entries, info } = await exportZip(item);
    expect(entries.map((e) => e.name)).toEqual(['info.json']);
    expect(info).toEqual({ item_type: '1', item_name: 'Empty ✨', item_description: '', password: '', content_escaped: '0', pages: { pages: [], catalogs: [] } });
  });

  it('streams a project bigger than one batch intact (pages in order, every body once)', async () => {
    const item = await createItem(t, owner);
    const cat = await addCatalog(t, item.item_id, 'Many');
    const body = (i: number) => `page ${i}\n` + 'lorem ipsum '.repeat(50 + (i % 7) * 200);
    const rows = Array.from({ length: 450 }, (_, i) => ({ item_id: item.item_id, cat_id: cat.cat_id, page_title: `P ${i}`, page_content: body(i), s_number: i, addtime: 1, page_addtime: 1 }));
    for (let i = 0; i < rows.length; i += 200) await t.database.db.insertInto('page').values(rows.slice(i, i + 200)).execute();
    const { entries, info } = await exportZip(item);
    expect(entries).toHaveLength(451);
    expect(entries[449]?.name).toBe('Many/P 449.md');
    expect(entries[449]?.data.toString()).toBe(body(449));
    expect(info.pages.catalogs[0]?.pages.map((pg) => pg.page_title)).toEqual(rows.map((r) => r.page_title));
    expect(info.pages.catalogs[0]?.pages[123]?.page_content).toBe(body(123));
  });

  it('frees the person’s export slot when the download is abandoned half-way', async () => {
    const item = await createItem(t, owner);
    const rows = Array.from({ length: 300 }, (_, i) => ({ item_id: item.item_id, cat_id: 0, page_title: `Big ${i}`, page_content: `${i} `.repeat(20_000), addtime: 1, page_addtime: 1 }));
    for (let i = 0; i < rows.length; i += 50) await t.database.db.insertInto('page').values(rows.slice(i, i + 50)).execute();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/api/export/markdown?item_id=${item.item_id}&user_token=${owner.token}` }, (res) => {
        expect(res.headers['content-type']).toBe('application/zip');
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
    let free = false;
    for (let i = 0; i < 100 && !free; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        claimExportSlot(owner.uid)();
        free = true;
      } catch {
        // Still held.
      }
    }
    expect(free).toBe(true);
  });
});
