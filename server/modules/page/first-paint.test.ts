import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testWindow } from '../../../common/markdown/test-dom.js';
import { expectHarmless, htmlVectors, markdownVectors } from '../../../common/markdown/xss-vectors.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addCatalog, addMember, addPage, createItem, type TestItem } from '../../test/item-factories.js';
import { firstPaintHtml, FIRST_PAINT_MARKDOWN } from './first-paint-html.js';

/** The app's index.html as the build writes it, reduced to what the server looks for. */
const SHELL = '<!doctype html><html><head><title>Folio</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let item: TestItem;
let page: { page_id: number };

beforeAll(async () => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
  t = await startTestApp({ webDir });
  admin = await registerUser(t);
  owner = await registerUser(t);
  item = await createItem(t, owner, { item_name: 'Payments API', item_domain: 'payments' });
  page = await addPage(t, item.item_id, { title: 'Payment webhooks', content: 'Every **payment** event is sent.\n\n## Signature\n\nSigned with HMAC.' });
});
afterAll(() => t.close());

async function open(address: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: address, headers: { accept: 'text/html', ...headers } });
  return { response, html: response.body, drawn: response.body.includes('id="first-paint"') };
}

describe("a shared page's address answers with the page drawn into the HTML (issue 21)", () => {
  it('draws a public page: title, project, text and an empty table-of-contents column beside it', async () => {
    const { response, html, drawn } = await open(`/${item.item_id}/${page.page_id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(drawn).toBe(true);
    expect(html).toContain('<title>Payment webhooks · Folio</title>');
    expect(html).toContain('<div class="reader first-paint" aria-hidden="true">');
    expect(html).toContain('<p class="first-paint-project">Payments API</p>');
    expect(html).toContain('<h1 class="first-paint-title">Payment webhooks</h1>');
    expect(html).toContain('Every <strong>payment</strong> event is sent.');
    expect(html).toContain('<div class="first-paint-toc"></div>');
    // The app's root stays empty for React, right after the drawn page; the app's script is untouched.
    expect(html).toMatch(/<\/div><div id="root"><\/div><\/body>/);
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('reads the project by its personal domain too, and heading ids match the app (links to #headings land)', async () => {
    const { html, drawn } = await open(`/payments/${page.page_id}`);
    expect(drawn).toBe(true);
    expect(html).toMatch(/<h2 id="[^"]*signature[^"]*">Signature<\/h2>/i);
  });

  it("draws the page a project's own address opens on: the first of its menu in reading order", async () => {
    const project = await createItem(t, owner, { item_name: 'Opening' });
    expect((await open(`/${project.item_id}`)).drawn, 'a project without pages').toBe(false);
    const guides = await addCatalog(t, project.item_id, 'Guides');
    await addPage(t, project.item_id, { cat_id: guides.cat_id, title: 'In a catalog', content: 'catalog words' });
    expect((await open(`/${project.item_id}`)).html).toContain('catalog words');
    await addPage(t, project.item_id, { title: 'At the root', content: 'root words' });
    const { html, drawn } = await open(`/${project.item_id}/`);
    expect(drawn).toBe(true);
    expect(html).toContain('<h1 class="first-paint-title">At the root</h1>');
    expect(html).not.toContain('catalog words');
  });

  it("draws a page alone (/page/{id}) with the app's name over it and no catalog column, if anyone may read it", async () => {
    const { html, drawn } = await open(`/page/${page.page_id}`);
    expect(drawn).toBe(true);
    expect(html).toContain('<div class="reader first-paint is-single" aria-hidden="true">');
    expect(html).toContain('<p class="first-paint-project">Folio</p>');
    expect(html).toContain('<h1 class="first-paint-title">Payment webhooks</h1>');
    expect(html).not.toContain('first-paint-side');
    const secret = await createItem(t, owner, { password: 'visit-pw' });
    const secretPage = await addPage(t, secret.item_id, { title: 'Secret alone', content: 'alone words' });
    expect((await open(`/page/${secretPage.page_id}`)).drawn).toBe(false);
  });

  it('draws a page shared by link (/p/{key}), a private project’s too, until the link expires', async () => {
    const secret = await createItem(t, owner, { password: 'visit-pw' });
    const secretPage = await addPage(t, secret.item_id, { title: 'Shared by link', content: 'linked words' });
    const created = await t.call('page/createSinglePage', { page_id: secretPage.page_id, isCreateSiglePage: 'true', expire_days: 1 }, { token: owner.token });
    const key = (created.data as { unique_key: string }).unique_key;
    const shared = await open(`/p/${key}`);
    expect(shared.drawn).toBe(true);
    expect(shared.html).toContain('linked words');
    expect(shared.html).toContain('<title>Shared by link · Folio</title>');
    expect((await open(`/p/${key.replace(/.$/, key.endsWith('a') ? 'b' : 'a')}`)).drawn, 'another key').toBe(false);
    t.clock.advance(2 * 86400);
    expect((await open(`/p/${key}`)).drawn, 'expired').toBe(false);
  });

  it('draws a body ShowDoc stored compressed as the text it holds', async () => {
    const old = await addPage(t, item.item_id, { title: 'From ShowDoc', content: 'x' });
    const stored = zlib.deflateSync(Buffer.from('Kept **compressed** by the old server.')).toString('base64');
    await t.database.db.updateTable('page').set({ page_content: stored }).where('page_id', '=', old.page_id).execute();
    const { html } = await open(`/${item.item_id}/${old.page_id}`);
    expect(html).toContain('Kept <strong>compressed</strong> by the old server.');
  });

  it('answers HEAD and a compressed GET', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: `/${item.item_id}/${page.page_id}` });
    expect(head.statusCode).toBe(200);
    const { response } = await open(`/${item.item_id}/${page.page_id}`, { 'accept-encoding': 'gzip' });
    // Under the compression threshold it goes as it is; either way the header and the body agree.
    if (response.headers['content-encoding']) expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.statusCode).toBe(200);
  });

  it('draws nothing a stranger may not read: private project, a draft, another project’s page, the recycle bin', async () => {
    const secret = await createItem(t, owner, { password: 'visit-pw' });
    const secretPage = await addPage(t, secret.item_id, { title: 'Secret plans', content: 'classified words' });
    const draft = await addPage(t, item.item_id, { title: 'Draft notes', content: 'unfinished words' });
    await t.database.db.updateTable('page').set({ is_draft: 1 }).where('page_id', '=', draft.page_id).execute();
    const removed = await addPage(t, item.item_id, { title: 'Removed', content: 'recycled words' });
    expect((await t.call('page/delete', { page_id: removed.page_id, item_id: item.item_id }, { token: owner.token })).error_code).toBe(0);

    for (const address of [
      `/${secret.item_id}/${secretPage.page_id}`,
      `/${item.item_id}/${secretPage.page_id}`,
      `/${secret.item_id}/${page.page_id}`,
      `/${item.item_id}/${draft.page_id}`,
      `/${item.item_id}/${removed.page_id}`,
    ]) {
      const { response, html, drawn } = await open(address);
      expect(response.statusCode, address).toBe(200);
      expect(drawn, address).toBe(false);
      expect(html, address).toBe(SHELL);
    }
  });

  it('never reads who is asking: a member of the private project gets the plain app, which loads the page itself', async () => {
    const secret = await createItem(t, owner, { password: 'visit-pw' });
    const secretPage = await addPage(t, secret.item_id, { title: 'Members only', content: 'member words' });
    const member = await registerUser(t);
    await addMember(t, secret.item_id, member, 0);
    const askers: Record<string, string>[] = [{ cookie: `folio_token=${member.token}` }, { cookie: `folio_token=${owner.token}` }, { 'x-api-token': owner.token }];
    for (const headers of askers) {
      const { html, drawn } = await open(`/${secret.item_id}/${secretPage.page_id}`, headers);
      expect(drawn).toBe(false);
      expect(html).not.toContain('member words');
    }
  });

  it('draws nothing while the site asks everyone to sign in', async () => {
    const saved = await t.call('adminSetting/saveConfig', { force_login: 1 }, { token: admin.token });
    expect(saved.error_code).toBe(0);
    try {
      expect((await open(`/${item.item_id}/${page.page_id}`)).drawn).toBe(false);
    } finally {
      expect((await t.call('adminSetting/saveConfig', { force_login: 0 }, { token: admin.token })).error_code).toBe(0);
    }
    expect((await open(`/${item.item_id}/${page.page_id}`)).drawn).toBe(true);
  });

  it('leaves RunApi and spreadsheet projects, the app’s own addresses and impossible ids to the app', async () => {
    const runapi = await createItem(t, owner);
    const runapiPage = await addPage(t, runapi.item_id, { title: 'An API', content: '{"info":{}}' });
    // item/add makes no RunApi projects (the RunApi client does); the type is what counts here.
    await t.database.db.updateTable('item').set({ item_type: 3 }).where('item_id', '=', runapi.item_id).execute();
    for (const address of [`/${runapi.item_id}/${runapiPage.page_id}`, `/page/${runapiPage.page_id}`, `/item/${page.page_id}`, `/${item.item_id}/99999999999`, `/${item.item_id}/0`, '/%E0%A4%A/1', `/no-such-domain/${page.page_id}`, '/prices', '/item', '/p/abc', '/p/a&b', '/page/abc', '/page', `/page/${page.page_id}/x`]) {
      const { response, drawn } = await open(address);
      // A malformed escape is refused by the router (400) before it gets this far.
      expect(response.statusCode, address).toBe(address.includes('%') ? 400 : 200);
      expect(drawn, address).toBe(false);
    }
  });

  it('escapes the title and project name, and draws no raw HTML from the page', async () => {
    const hostile = await createItem(t, owner, { item_name: '</title><script>alert(1)</script>' });
    const hostilePage = await addPage(t, hostile.item_id, {
      title: '<img src=x onerror=alert(1)>',
      content: 'Before <script>alert(1)</script> after <img src=x onerror=alert(2)>\n\n<div onclick="alert(3)">block</div>\n\n[x](javascript:alert(4))',
    });
    const { html, drawn } = await open(`/${hostile.item_id}/${hostilePage.page_id}`);
    expect(drawn).toBe(true);
    const body = html.slice(html.indexOf('<div id="first-paint">'), html.indexOf('<div id="root">'));
    expect(body).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const host = testWindow().document.createElement('div');
    host.innerHTML = body;
    expect(host.querySelectorAll('script, img, iframe').length).toBe(0);
    const attributes = [...host.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((a) => `${a.name}=${a.value}`));
    expect(attributes.filter((a) => /^on|javascript:/i.test(a))).toEqual([]);
    expect(host.textContent).toContain('Before alert(1) after');
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt; · Folio</title>');
  });
});

describe('the first paint renderer', () => {
  it.each([...htmlVectors, ...markdownVectors])('is harmless for %s', (vector) => {
    expectHarmless(firstPaintHtml(vector).html);
  });

  it('renders a first screen of a long page, cut at a paragraph break', () => {
    const paragraphs = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} of a long page.`).join('\n\n');
    const { html } = firstPaintHtml(paragraphs);
    expect(html).toContain('<p>Paragraph 0 of a long page.</p>');
    expect(html).not.toContain('Paragraph 1999');
    expect(html.length).toBeLessThan(FIRST_PAINT_MARKDOWN * 2);
    expect(html.trimEnd().endsWith('</p>')).toBe(true);
  });

  it('says whether the page has headings for a table of contents', () => {
    expect(firstPaintHtml('## One\n\ntext').hasToc).toBe(true);
    expect(firstPaintHtml('just text').hasToc).toBe(false);
  });
});

describe('the first paint when the database fails', () => {
  it('sends the plain app, never an error page', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
    const broken = await startTestApp({ webDir });
    try {
      const someone = await registerUser(broken);
      const project = await createItem(broken, someone);
      const written = await addPage(broken, project.item_id, { title: 'Soon unreadable', content: 'words' });
      await sql`alter table page rename to page_away`.execute(broken.database.db);
      const response = await broken.app.inject({ method: 'GET', url: `/${project.item_id}/${written.page_id}`, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
      await sql`alter table page_away rename to page`.execute(broken.database.db);
    } finally {
      await broken.close();
    }
  });
});
