import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type Envelope, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';
import { PDF, uploadTo } from '../../test/upload-helpers.js';
import type { AboutSite, AdminAnnouncementList, UpdateCheck } from '../../../common/answers/admin.js';
import { FOLIO_VERSION } from '../../version.js';
import { sanitizeAnnouncement } from './announcement-sanitize.js';
import { isNewer } from './update-check.js';

/**
 * Announcements (adminMessage/*), the read-only update check (adminUpdate/*), the schema check
 * (update/checkDb) and the about panel (adminSetting/about).
 */

let t: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  reader = await registerUser(t, { username: 'plain_reader' });
});
afterAll(() => t?.close());
afterEach(() => vi.unstubAllEnvs());

const answers: string[] = [];

async function asAdmin(action: string, params: Record<string, unknown> = {}, json = false): Promise<Envelope> {
  const res = await t.call(action, params, { token: admin.token, json });
  answers.push(res.response.body);
  return res;
}

describe('adminMessage/addAnnouncement', () => {
  it('reaches every user through message/getUnread and message/getAnnouncementList', async () => {
    t.clock.advance(60);
    const res = await asAdmin('adminMessage/addAnnouncement', { message_content: 'Maintenance on Sunday 维护通知', send_at: '2030-01-01 00:00:00' });
    expect(res.error_code).toBe(0);
    const { id } = res.data as { id: number };
    expect(id).toBeGreaterThan(0);
    const row = await t.database.db.selectFrom('message_content').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message_type: 'announce_web', from_uid: admin.uid, from_name: 'site_admin', addtime: t.clock.now() });

    const unread = await t.call('message/getUnread', {}, { token: reader.token });
    expect(unread.data).toMatchObject({ announce: { message_content_id: id, message_content: 'Maintenance on Sunday 维护通知' } });
    const listed = (await t.call('message/getAnnouncementList', {}, { token: reader.token })).data as { id: number; status: number }[];
    expect(listed.find((a) => a.id === id)).toMatchObject({ status: 0 });
  });

  it('sanitises as ShowDoc: whitelisted tags without attributes, safe links, no script, line breaks kept', async () => {
    const raw = [
      '<h2 style="color:red">Title</h2><script>alert(1)</script><p onclick="steal()">Hi <b>there</b></p>',
      '<img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(1)">bad</a> <a href="jav&#x61;script:alert(1)">worse</a> <a href="https://ok.example/?a=1&amp;b=2" onclick="x">ok</a>',
      'line one\nline two <pre>keep\nthis</pre> 1 < 2 & "q" javascript:void(0)',
    ].join('\n');
    const { id } = (await asAdmin('adminMessage/addAnnouncement', { message_content: raw })).data as { id: number };
    const stored = (await t.database.db.selectFrom('message_content').select('message_content').where('id', '=', id).executeTakeFirstOrThrow()).message_content;
    expect(stored).toContain('<h2>Title</h2>');
    expect(stored).toContain('<p>Hi <b>there</b></p>');
    expect(stored).toContain('<a>bad</a> <a>worse</a> <a href="https://ok.example/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(stored).toContain('line one<br>\nline two <pre>keep\nthis</pre> 1 &lt; 2 &amp; "q" void(0)');
    expect(stored).not.toMatch(/script|onerror|onclick|<img|<iframe|style=|alert\(1\)/i);
  });

  it('keeps the sanitiser’s promises on hostile input', () => {
    for (const hostile of ['<scr<script>ipt>alert(1)</script>', '<a href=" javascript:alert(1)">x</a>', '<a href="//evil.example">x</a>', '<<b>b>', '<svg><script>x</script></svg>', '<!-- <script> -->x', '<a href="java\tscript:x">y</a>']) {
      const out = sanitizeAnnouncement(hostile);
      expect(out, hostile).not.toMatch(/<script|<svg|href="(?!https?:|mailto:|\/[^/]|#)/i);
      expect(out.replace(/<\/?(p|br|ul|ol|li|strong|b|em|i|code|pre|h[1-4]|blockquote|a)>|<a href="[^"]*" target="_blank" rel="noopener noreferrer">/g, '')).not.toMatch(/<[a-z]/i);
    }
  });

  it('refuses an empty announcement (10101), one over 10,000 characters or of an unknown type (10100)', async () => {
    expect((await asAdmin('adminMessage/addAnnouncement', { message_content: '   ' })).error_code).toBe(10101);
    expect((await asAdmin('adminMessage/addAnnouncement', {})).error_code).toBe(10101);
    expect((await asAdmin('adminMessage/addAnnouncement', { message_content: '<script>only code</script>' })).error_code).toBe(10101);
    expect((await asAdmin('adminMessage/addAnnouncement', { message_content: 'x'.repeat(10_001) })).error_code).toBe(10100);
    expect((await asAdmin('adminMessage/addAnnouncement', { message_content: '字'.repeat(10_000) })).error_code).toBe(0);
    expect((await asAdmin('adminMessage/addAnnouncement', { message_content: 'hello', message_type: 'remind' })).error_code).toBe(10100);
    expect((await asAdmin('adminMessage/addAnnouncement', { message_content: ['hello'] }, true)).error_code).toBe(10100);
    expect((await asAdmin('adminMessage/addAnnouncement', { message_content: 'for runapi', message_type: 'announce_runapi' })).error_code).toBe(0);
  });
});

describe('adminMessage/listAnnouncements and deleteAnnouncement', () => {
  it('lists announcements newest first with how many have read each; deleting one takes it from everyone', async () => {
    t.clock.advance(60);
    const first = ((await asAdmin('adminMessage/addAnnouncement', { message_content: 'first news' })).data as { id: number }).id;
    t.clock.advance(60);
    const second = ((await asAdmin('adminMessage/addAnnouncement', { message_content: 'second news' })).data as { id: number }).id;
    expect((await t.call('message/setRead', { message_content_id: first }, { token: reader.token })).error_code).toBe(0);

    const listed = (await asAdmin('adminMessage/listAnnouncements', { count: 2 })).data as AdminAnnouncementList;
    expect(listed.total).toBeGreaterThanOrEqual(2);
    expect(listed.list.map((a) => a.id)).toEqual([second, first]);
    expect(listed.list[1]).toMatchObject({ message_content: 'first news', from_name: 'site_admin', read_count: 1 });
    expect(listed.list[0]).toMatchObject({ read_count: 0 });
    expect(listed.list[0]?.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    expect((await asAdmin('adminMessage/deleteAnnouncement', { id: second })).data).toEqual([]);
    const seen = (await t.call('message/getAnnouncementList', {}, { token: reader.token })).data as { id: number }[];
    expect(seen.map((a) => a.id)).not.toContain(second);
    expect(seen.map((a) => a.id)).toContain(first);
  });

  it('answers 10101 for a missing announcement or a message that is not one, 10100 for a bad id or page', async () => {
    expect((await asAdmin('adminMessage/deleteAnnouncement', { id: 99_999_999 })).error_code).toBe(10101);
    const remind = await t.database.db.insertInto('message_content').values({ from_uid: reader.uid, message_type: 'remind', message_content: 'x', addtime: t.clock.now() }).returning('id').executeTakeFirstOrThrow();
    expect((await asAdmin('adminMessage/deleteAnnouncement', { id: remind.id })).error_code).toBe(10101);
    expect((await asAdmin('adminMessage/deleteAnnouncement', { id: 'x' })).error_code).toBe(10100);
    expect((await asAdmin('adminMessage/listAnnouncements', { count: 101 })).error_code).toBe(10100);
    expect((await asAdmin('adminMessage/listAnnouncements', { page: -1 })).error_code).toBe(10100);
  });
});

/** A local update source answering what the test says. */
async function updateSource(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/latest.json`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('adminUpdate/checkUpdate', () => {
  it('says that no update source is configured when FOLIO_UPDATE_URL is unset', async () => {
    vi.stubEnv('FOLIO_UPDATE_URL', '');
    const res = await asAdmin('adminUpdate/checkUpdate');
    expect(res.data).toMatchObject({ version: FOLIO_VERSION, new_version: '', url: '', source_configured: 0 });
    expect((res.data as UpdateCheck).message).toContain('FOLIO_UPDATE_URL');
  });

  it('compares with the configured source: a newer version with its link, or up to date', async () => {
    let answer: unknown = { version: 'v99.0.0', url: 'https://example.org/folio/releases/v99.0.0' };
    const source = await updateSource((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    try {
      vi.stubEnv('FOLIO_UPDATE_URL', source.url);
      const newer = (await asAdmin('adminUpdate/checkUpdate')).data as UpdateCheck;
      expect(newer).toMatchObject({ version: FOLIO_VERSION, new_version: 'v99.0.0', url: 'https://example.org/folio/releases/v99.0.0', source_configured: 1 });
      answer = { version: FOLIO_VERSION, url: 'https://example.org/x' };
      expect((await asAdmin('adminUpdate/checkUpdate')).data).toMatchObject({ new_version: '', url: '', source_configured: 1 });
      answer = { version: 'v100.0.0', url: 'javascript:alert(1)' };
      expect((await asAdmin('adminUpdate/checkUpdate')).data).toMatchObject({ new_version: 'v100.0.0', url: '' });
    } finally {
      await source.close();
    }
  });

  it('turns every failure of the source into a message, never a server error', async () => {
    let mode = 'error';
    const source = await updateSource((_req, res) => {
      if (mode === 'error') {
        res.statusCode = 500;
        res.end('boom');
      } else if (mode === 'html') res.end('<html>not json</html>');
      else res.end(JSON.stringify({ version: '<script>', url: 'https://x' }));
    });
    try {
      vi.stubEnv('FOLIO_UPDATE_URL', source.url);
      for (const m of ['error', 'html', 'badVersion']) {
        mode = m;
        const res = await asAdmin('adminUpdate/checkUpdate');
        expect(res.error_code, m).toBe(0);
        expect(res.data, m).toMatchObject({ new_version: '', source_configured: 1 });
        expect((res.data as UpdateCheck).message.length, m).toBeGreaterThan(0);
      }
    } finally {
      await source.close();
    }
    vi.stubEnv('FOLIO_UPDATE_URL', source.url); // closed now: nothing listens
    expect((await asAdmin('adminUpdate/checkUpdate')).error_code).toBe(0);
    vi.stubEnv('FOLIO_UPDATE_URL', 'file:///etc/passwd');
    expect((await asAdmin('adminUpdate/checkUpdate')).data).toMatchObject({ new_version: '', source_configured: 1 });
  });

  it('compares versions numerically', () => {
    expect(isNewer('v0.10.0', 'v0.9.9')).toBe(true);
    expect(isNewer('1.0.0', 'v0.1.0')).toBe(true);
    expect(isNewer('v0.1.0', 'v0.1.0')).toBe(false);
    expect(isNewer('v0.0.9', 'v0.1.0')).toBe(false);
    expect(isNewer('v0.1', 'v0.1.0')).toBe(false);
  });
});

describe('adminUpdate/download, adminUpdate/updateFiles', () => {
  it('answer 10101: Folio is updated through its package, never by itself', async () => {
    for (const action of ['adminUpdate/download', 'adminUpdate/updateFiles']) {
      const res = await asAdmin(action);
      expect(res.error_code, action).toBe(10101);
      expect(res.error_message, action).toContain('docs/admin.md');
    }
  });
});

describe('update/checkDb', () => {
  it('brings the schema up to date (nothing pending after start)', async () => {
    expect((await asAdmin('update/checkDb')).data).toEqual({ applied: [], pending: 0 });
  });
});

describe('adminSetting/about', () => {
  it('reports version, runtime, database, storage, uptime and counts', async () => {
    const item = await createItem(t, reader);
    await createPage(t, reader, item.item_id);
    const up = await uploadTo(t, 'attachment/attachmentUpload', { item_id: 0, page_id: 0 }, { filename: 'a.pdf', data: PDF }, reader.token);
    expect(up.body).toMatchObject({ success: 1 });
    const about = (await asAdmin('adminSetting/about')).data as AboutSite;
    const db = t.database.db;
    const count = async (table: 'user' | 'item' | 'page') => (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(about).toMatchObject({
      version: FOLIO_VERSION,
      node_version: process.version,
      database: t.database.dialect,
      storage: 'local',
      storage_bytes: PDF.length,
      users: Number(await count('user')),
      items: Number(await count('item')),
      pages: Number(await count('page')),
      docs_url: '/docs/admin.md',
    });
    expect(about.database_bytes).toBeGreaterThan(0);
    expect(about.storage_location.endsWith('uploads')).toBe(true);
    expect(about.uptime_seconds).toBeGreaterThanOrEqual(0);
  });
});

describe('who may call these actions', () => {
  it('refuses guests (10102) and ordinary users (10103), posting nothing', async () => {
    const before = await t.database.db.selectFrom('message_content').select('id').execute();
    const calls: [string, Record<string, unknown>][] = [
      ['adminMessage/addAnnouncement', { message_content: 'not from an admin' }],
      ['adminMessage/listAnnouncements', {}],
      ['adminMessage/deleteAnnouncement', { id: before[0]?.id ?? 1 }],
      ['adminUpdate/checkUpdate', {}],
      ['adminUpdate/download', {}],
      ['adminUpdate/updateFiles', {}],
      ['update/checkDb', {}],
      ['adminSetting/about', {}],
    ];
    for (const [action, params] of calls) {
      expect((await t.call(action, params)).error_code, action).toBe(10102);
      expect((await t.call(action, params, { token: reader.token })).error_code, action).toBe(10103);
    }
    expect(await t.database.db.selectFrom('message_content').select('id').execute()).toHaveLength(before.length);
  });
});

describe('no secrets', () => {
  it('no answer carries a password hash, token or key', async () => {
    expect(answers.length).toBeGreaterThan(15);
    for (const body of answers) expect(body).not.toMatch(/\$argon2|"password"|"salt"|api_key|api_token|user_token|secret/i);
  });
});
