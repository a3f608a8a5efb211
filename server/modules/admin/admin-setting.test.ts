import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { forgetCachedOptions, OPTIONS_CACHE_MS, readOption } from '../common/options.js';
import { MAX_HISTORY_KEEP } from '../page/history.js';
import { NUMBER_RANGES, SITE_DEFAULTS } from './setting-values.js';

/**
 * `adminSetting/loadConfig|saveConfig` (showdoc-behaviour.md §6.14; contract `SiteConfig` in
 * common/answers/admin.ts): effective values with defaults, validation of each key, admins only, and
 * the options cache that lets every request read settings cheaply.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  member = await registerUser(t, { username: 'plain_member' });
});
afterAll(() => t?.close());

const load = (user: TestUser | null = admin) => t.call('adminSetting/loadConfig', {}, user ? { token: user.token } : {});
const save = (params: Record<string, unknown>, options: { user?: TestUser | null; json?: boolean; lang?: string } = {}) => {
  const user = options.user === undefined ? admin : options.user;
  return t.call('adminSetting/saveConfig', params, {
    ...(user ? { token: user.token } : {}),
    json: options.json ?? false,
    ...(options.lang ? { headers: { 'accept-language': options.lang } } : {}),
  });
};
const config = async () => (await load()).data as Record<string, unknown>;

/** Puts every setting back to "never saved" (also in the cache). */
async function resetSettings(): Promise<void> {
  await t.database.db.deleteFrom('options').execute();
  forgetCachedOptions(t.database.db);
}

describe('loadConfig', () => {
  afterEach(resetSettings);

  it('answers every setting with its default when none was ever saved', async () => {
    const res = await load();
    expect(res.error_code).toBe(0);
    expect(res.data).toEqual({
      register_open: 1,
      home_page: '1',
      home_item: '',
      beian: '',
      history_version_count: 20,
      show_watermark: 0,
      force_login: 0,
      site_url: '',
      upload_max_mb: 4,
      upload_extensions: '',
      item_member_max: 0,
      create_sample: 1,
      strong_password_enabled: 0,
    });
    expect(res.data).toEqual(SITE_DEFAULTS);
  });

  it('reads junk left in the table (a hand edit, a ShowDoc import) as the default, never as an error', async () => {
    await t.database.db
      .insertInto('options')
      .values([
        { option_name: 'register_open', option_value: 'maybe' },
        { option_name: 'history_version_count', option_value: '-3' },
        { option_name: 'home_page', option_value: '9' },
        { option_name: 'upload_max_mb', option_value: '5000' },
      ])
      .execute();
    forgetCachedOptions(t.database.db);
    expect(await config()).toMatchObject({ register_open: 1, history_version_count: 20, home_page: '1', upload_max_mb: 4 });
  });

  it('is for administrators only: 10102 without a login, 10103 for anyone else', async () => {
    expect((await load(null)).error_code).toBe(10102);
    expect((await load(member)).error_code).toBe(10103);
    expect((await load(admin)).error_code).toBe(0);
  });

  it('answers at ShowDoc’s URL too', async () => {
    const res = await t.call('', { user_token: admin.token }, { url: '/server/index.php?s=/api/adminSetting/loadConfig' });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ register_open: 1, home_page: '1' });
  });
});

describe('saveConfig', () => {
  afterEach(resetSettings);

  it('stores a subset from a form and answers []; the rest keep their values', async () => {
    const res = await save({ register_open: '0', beian: '京ICP备12345678号', history_version_count: '50' });
    expect(res.error_code).toBe(0);
    expect(res.data).toEqual([]);
    expect(await config()).toMatchObject({ register_open: 0, beian: '京ICP备12345678号', history_version_count: 50, show_watermark: 0, upload_max_mb: 4 });
    expect(await readOption(t.database.db, 'register_open')).toBe('0');
  });

  it('takes a JSON body, and flags as 1/0, "1"/"0" or true/false', async () => {
    expect((await save({ show_watermark: true, force_login: 1, create_sample: false, strong_password_enabled: '1', register_open: 'false' }, { json: true })).error_code).toBe(0);
    expect(await config()).toMatchObject({ show_watermark: 1, force_login: 1, create_sample: 0, strong_password_enabled: 1, register_open: 0 });
    expect((await save({ show_watermark: 0, force_login: 'true' }, { json: true })).error_code).toBe(0);
    expect(await config()).toMatchObject({ show_watermark: 0, force_login: 1 });
  });

  it('ignores keys Folio does not have (ShowDoc’s old AI keys) without failing or storing them', async () => {
    const res = await save({ open_api_key: 'sk-secret', ai_model_name: 'gpt', session_expire_days: '30', beian: 'ok' }, { json: true });
    expect(res.error_code).toBe(0);
    expect(await readOption(t.database.db, 'open_api_key')).toBeUndefined();
    expect((await config()).beian).toBe('ok');
  });

  it('stores ShowDoc’s storage pair oss_open / oss_setting (admin-setting-oss.test.ts has the rest)', async () => {
    const res = await save({ oss_open: '0', oss_setting: '{"oss_type":"qiniu","key":"x","bucket":"kodo"}', beian: 'ok' }, { json: true });
    expect(res.error_code).toBe(0);
    expect(await readOption(t.database.db, 'oss_open')).toBe('0');
    expect(JSON.parse((await readOption(t.database.db, 'oss_setting')) ?? '{}')).toMatchObject({ oss_type: 'qiniu', key: 'x', bucket: 'kodo' });
    expect(await config()).not.toHaveProperty('oss_setting');
  });

  it('is for administrators only (10102, 10103), and a refused save stores nothing', async () => {
    expect((await save({ register_open: 0 }, { user: null })).error_code).toBe(10102);
    expect((await save({ register_open: 0 }, { user: member })).error_code).toBe(10103);
    expect((await config()).register_open).toBe(1);
  });

  it('refuses flags other than 1/0 and numbers out of range (10101, naming the setting)', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ register_open: '2' }, /register_open must be 1 or 0/],
      [{ force_login: 'yes please' }, /force_login/],
      [{ history_version_count: '0' }, /history_version_count must be a whole number from 1 to 200/],
      [{ history_version_count: '201' }, /1 to 200/],
      [{ history_version_count: '1.5' }, /history_version_count/],
      [{ upload_max_mb: '101' }, /upload_max_mb must be a whole number from 1 to 100/],
      [{ upload_max_mb: '0' }, /upload_max_mb/],
      [{ item_member_max: '-1' }, /item_member_max/],
      [{ item_member_max: '99999999999' }, /item_member_max/],
      [{ home_page: '4' }, /home_page must be 1 \(landing page\), 2 \(login screen\) or 3/],
    ];
    for (const [params, message] of cases) {
      const res = await save(params);
      expect(res.error_code, JSON.stringify(params)).toBe(10101);
      expect(res.error_message, JSON.stringify(params)).toMatch(message);
    }
    expect(await config()).toEqual(SITE_DEFAULTS);
  });

  it('saves all of a form or none of it', async () => {
    expect((await save({ beian: 'kept?', history_version_count: '5000' })).error_code).toBe(10101);
    expect(NUMBER_RANGES.history_version_count[1]).toBe(MAX_HISTORY_KEEP);
    expect((await config()).beian).toBe('');
  });

  it('refuses values of the wrong type or size (10100 for arrays and objects, 10101 for long text)', async () => {
    for (const params of [{ beian: ['a'] }, { register_open: { $ne: 1 } }, { site_url: 'x'.repeat(2001) }]) {
      expect((await save(params, { json: true })).error_code, JSON.stringify(params)).toBe(10100);
    }
    const long = await save({ beian: '备'.repeat(201) });
    expect(long.error_code).toBe(10101);
    expect(long.error_message).toMatch(/beian is too long \(at most 200 characters\)/);
    expect((await save({ beian: '备'.repeat(200) })).error_code).toBe(0);
  });

  it('keeps unicode and markup in the footer text as text', async () => {
    expect((await save({ beian: ' <b>粤ICP备</b> 2024 ✓ ' })).error_code).toBe(0);
    expect((await config()).beian).toBe('<b>粤ICP备</b> 2024 ✓');
  });

  it('answers in Chinese when asked', async () => {
    const res = await save({ upload_max_mb: '500' }, { lang: 'zh-CN' });
    expect(res.error_message).toBe('upload_max_mb 必须是 1 到 100 之间的整数');
  });
});

describe('home page', () => {
  afterEach(resetSettings);

  it('takes a public project, by id or by personal domain, as the home page', async () => {
    const item = await createItem(t, member, { item_domain: 'handbook' });
    expect((await save({ home_page: '3', home_item: String(item.item_id) })).error_code).toBe(0);
    expect(await config()).toMatchObject({ home_page: '3', home_item: String(item.item_id) });
    expect((await save({ home_page: 3, home_item: 'handbook' }, { json: true })).error_code).toBe(0);
    expect((await config()).home_item).toBe('handbook');
  });

  it('refuses a project home page without a live public project (10101, naming it)', async () => {
    const locked = await createItem(t, member, { password: 'visit-secret' });
    const gone = await createItem(t, member);
    await t.database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', gone.item_id).execute();
    for (const home_item of ['', String(locked.item_id), String(gone.item_id), '999999', 'no-such-domain']) {
      const res = await save({ home_page: '3', home_item });
      expect(res.error_code, home_item).toBe(10101);
      expect(res.error_message, home_item).toContain(`“${home_item}”`);
    }
    expect((await config()).home_page).toBe('1');
  });

  it('checks home_page=3 sent alone against the project already saved', async () => {
    expect((await save({ home_page: '3' })).error_code).toBe(10101);
    const item = await createItem(t, member);
    expect((await save({ home_item: String(item.item_id) })).error_code).toBe(0);
    expect((await save({ home_page: '3' })).error_code).toBe(0);
    expect((await save({ home_page: '2' })).error_code).toBe(0);
  });
});

describe('site_url', () => {
  afterEach(resetSettings);

  it('stores an absolute http(s) address without its trailing slash', async () => {
    for (const [given, stored] of [
      ['https://docs.example.com/', 'https://docs.example.com'],
      ['http://intranet:8080/folio/', 'http://intranet:8080/folio'],
      ['HTTPS://Docs.Example.com', 'https://docs.example.com'],
      ['', ''],
    ]) {
      expect((await save({ site_url: given })).error_code, given).toBe(0);
      expect((await config()).site_url, given).toBe(stored);
    }
  });

  it('refuses relative, non-http, query or fragment addresses (10101)', async () => {
    for (const bad of ['docs.example.com', '/folio', 'javascript:alert(1)', 'ftp://example.com', 'https://example.com/?a=1', 'https://example.com/#top', 'https://user:pw@example.com', 'https://']) {
      const res = await save({ site_url: bad });
      expect(res.error_code, bad).toBe(10101);
      expect(res.error_message, bad).toMatch(/absolute http:\/\/ or https:\/\//);
    }
  });
});

describe('upload_extensions', () => {
  afterEach(resetSettings);

  it('stores a clean comma list', async () => {
    expect((await save({ upload_extensions: ' .DWG, sketch，x3d dwg ' })).error_code).toBe(0);
    expect((await config()).upload_extensions).toBe('dwg,sketch,x3d');
  });

  it('refuses extensions the safe rules block, naming every one', async () => {
    const res = await save({ upload_extensions: 'dwg,html,php7,svg' });
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toMatch(/can never be allowed.*: html, php7, svg$/);
    expect((await config()).upload_extensions).toBe('');
  });

  it('refuses what is not an extension', async () => {
    const res = await save({ upload_extensions: 'dwg,../x,a b?' });
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toMatch(/Not file extensions: \/x, b\?/);
  });
});

describe('the options cache', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await resetSettings();
  });

  it('shows a saved setting at once in the process that saved it', async () => {
    expect((await config()).force_login).toBe(0);
    await save({ force_login: 1 });
    expect((await config()).force_login).toBe(1);
  });

  it('sees a change made by another process within its lifetime, not before', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    expect((await config()).beian).toBe('');
    // Another Folio process on the same database writes the table: this one is not told.
    await t.database.db.insertInto('options').values({ option_name: 'beian', option_value: 'from elsewhere' }).execute();
    expect((await config()).beian).toBe('');
    now += OPTIONS_CACHE_MS - 1;
    expect((await config()).beian).toBe('');
    now += 2;
    expect((await config()).beian).toBe('from elsewhere');
  });

  it('reads the table once per lifetime, however many requests read settings', async () => {
    forgetCachedOptions(t.database.db);
    const item = await createItem(t, member);
    const spy = vi.spyOn(t.database.db, 'selectFrom');
    for (let i = 0; i < 5; i++) await t.call('item/info', { item_id: item.item_id });
    const optionReads = spy.mock.calls.filter((call) => String(call[0]) === 'options');
    expect(optionReads.length).toBeLessThanOrEqual(1);
  });
});
