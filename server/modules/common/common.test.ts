import fs from 'node:fs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { writeOption } from './options.js';

/**
 * What the browser app asks before anyone logs in: the landing-page settings, the server version, and
 * QR codes of share links. None of them needs a login; none of them tells a secret.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Side of the QR code image in pixels: its modules plus a 2-module margin each side, times the scale. */
const qrSide = (url: string, scale: number) => (QRCode.create(url, { errorCorrectionLevel: 'Q' }).modules.size + 4) * scale;

let t: TestApp;

/** Each part below runs on its own new site, so options written by one do not leak into another. */
function onFreshSite() {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
}

describe('common/homePageSetting', () => {
  onFreshSite();
  it("answers ShowDoc's defaults on a new site", async () => {
    const res = await t.call('common/homePageSetting');
    expect(res).toMatchObject({ error_code: 0 });
    expect(res.data).toEqual({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1, feedback_url: '', site_url: '', captcha_open: 1 });
  });

  it('needs no login; an unknown token and stray parameters change nothing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await t.call('common/homePageSetting', {}, { method })).error_code).toBe(0);
    }
    const res = await t.call('common/homePageSetting', { user_token: 'f'.repeat(64), home_page: ['x'], register_open: { $ne: 1 } }, { json: true });
    expect(res.data).toEqual({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1, feedback_url: '', site_url: '', captcha_open: 1 });
  });

  it('reflects the site options, with Chinese text as stored, and never shows the AI key itself', async () => {
    await writeOption(t.database.db, 'home_page', '2');
    await writeOption(t.database.db, 'home_item', '12');
    await writeOption(t.database.db, 'beian', '京ICP备12345678号-1');
    await writeOption(t.database.db, 'register_open', '0');
    await writeOption(t.database.db, 'open_api_key', 'sk-very-secret-key');
    const res = await t.call('common/homePageSetting');
    expect(res.data).toEqual({ home_page: '2', home_item: '12', is_show_ai: 1, beian: '京ICP备12345678号-1', register_open: 0, feedback_url: '', site_url: '', captcha_open: 1 });
    expect(res.response.body).not.toContain('sk-very-secret-key');
  });

  it("shows the AI flag by the assistant's own switch: off in the console means off for ShowDoc's clients too", async () => {
    await writeOption(t.database.db, 'open_ai_key', 'sk-other');
    await writeOption(t.database.db, 'ai_open', '0');
    expect((await t.call('common/homePageSetting')).data).toMatchObject({ is_show_ai: 0 });
    await writeOption(t.database.db, 'ai_open', '1');
    expect((await t.call('common/homePageSetting')).data).toMatchObject({ is_show_ai: 1 });
  });

  it("reports registration open for any register_open value but '0'", async () => {
    for (const [value, open] of [['1', 1], ['0', 0], ['', 1], ['yes', 1]] as const) {
      await writeOption(t.database.db, 'register_open', value);
      expect(((await t.call('common/homePageSetting')).data as { register_open: number }).register_open, value).toBe(open);
    }
  });
});

describe('common/homePageSetting with a feedback address', () => {
  beforeAll(async () => {
    t = await startTestApp({ feedbackUrl: 'https://issues.example.com/folio' });
  });
  afterAll(() => t?.close());
  it('tells the header where feedback goes', async () => {
    expect(((await t.call('common/homePageSetting')).data as { feedback_url: string }).feedback_url).toBe('https://issues.example.com/folio');
  });
  it('accepts only http(s) addresses in FOLIO_FEEDBACK_URL', () => {
    expect(loadConfig({ FOLIO_FEEDBACK_URL: 'https://x.example/feedback' }).feedbackUrl).toBe('https://x.example/feedback');
    expect(() => loadConfig({ FOLIO_FEEDBACK_URL: 'javascript:alert(1)' })).toThrow(/FOLIO_FEEDBACK_URL/);
    expect(loadConfig({}).feedbackUrl).toBeNull();
  });
});

describe('common/homePageSetting with FOLIO_CAPTCHA=off', () => {
  beforeAll(async () => {
    t = await startTestApp({ captcha: false });
  });
  afterAll(() => t?.close());

  it('tells the app to hide its captcha fields, on Folio’s URL only', async () => {
    expect((await t.call('common/homePageSetting')).data).toMatchObject({ captcha_open: 0 });
    const showdoc = await t.call('common/homePageSetting', {}, { url: '/server/index.php?s=/api/common/homePageSetting' });
    expect(showdoc.data).not.toHaveProperty('captcha_open');
  });

  it('accepts login, registration and a project password sent without any captcha field, as the app then sends them', async () => {
    const password = 'no captcha 1';
    const registered = await t.call('user/registerByVerify', { username: 'nocaptcha', password, confirm_password: password });
    expect(registered.error_code).toBe(0);
    expect((await t.call('user/loginByVerify', { username: 'nocaptcha', password })).error_code).toBe(0);
    const owner = await registerUser(t);
    const item = await createItem(t, owner, { password: 'visit pass 1' });
    expect((await t.call('item/pwd', { item_id: String(item.item_id), password: 'visit pass 1' })).error_code).toBe(0);
  });
});

describe('common/version', () => {
  onFreshSite();
  it("answers the server's version, 'v' and package.json's version, to anyone, whatever else is sent", async () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.call('common/version', {}, { method });
      expect(res).toMatchObject({ error_code: 0, data: { version: `v${pkg.version}` } });
      expect(Object.keys(res.data as object)).toEqual(['version']);
    }
    const junk = await t.call('common/version', { version: ['x'], user_token: 'f'.repeat(64) }, { json: true });
    expect(junk.data).toEqual({ version: `v${pkg.version}` });
  });
});

describe('common/qrcode', () => {
  onFreshSite();
  const share = 'https://docs.example.com/web/#/12/345';
  const qrcode = (params: Record<string, unknown>, options: { method?: 'GET' | 'POST'; json?: boolean } = {}) =>
    t.call('common/qrcode', params, { method: options.method ?? 'GET', json: options.json ?? false });

  it('draws a PNG of the URL at 6 pixels per module by default, for an <img> tag, with no login', async () => {
    const res = await qrcode({ url: share });
    expect(res.response.statusCode).toBe(200);
    expect(res.response.headers['content-type']).toBe('image/png');
    const png = res.response.rawPayload;
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual({ width: qrSide(share, 6), height: qrSide(share, 6) });
    // A blank size (`size=`) is not given, as for every number field.
    expect(pngSize((await qrcode({ url: share, size: '' })).response.rawPayload).width).toBe(qrSide(share, 6));
  });

  it('takes the module size from size, 1 to 20, by GET, form POST or JSON', async () => {
    expect(pngSize((await qrcode({ url: share, size: 1 })).response.rawPayload).width).toBe(qrSide(share, 1));
    expect(pngSize((await qrcode({ url: share, size: '20' }, { method: 'POST' })).response.rawPayload).width).toBe(qrSide(share, 20));
    expect(pngSize((await qrcode({ url: share, size: 3 }, { method: 'POST', json: true })).response.rawPayload).width).toBe(qrSide(share, 3));
  });

  it('refuses a size outside 1..20, or one that is not a whole number, with 10100', async () => {
    for (const size of ['0', '21', '-1', '2.5', 'abc', '1e3', '99999999999999999999']) {
      const res = await qrcode({ url: share, size });
      expect(res.error_code, size).toBe(10100);
      expect(res.response.headers['content-type']).toMatch(/application\/json/);
    }
    for (const size of [[3], { n: 3 }, true, 2.5, 1e9]) {
      expect((await qrcode({ url: share, size }, { method: 'POST', json: true })).error_code, JSON.stringify(size)).toBe(10100);
    }
  });

  it('needs a URL: missing, empty, not text or over 2000 characters is 10100', async () => {
    expect((await qrcode({})).error_code).toBe(10100);
    expect((await qrcode({ url: '' })).error_code).toBe(10100);
    expect((await qrcode({ url: `https://x.example/${'a'.repeat(2000)}` })).error_code).toBe(10100);
    for (const url of [['https://x.example'], { href: 'https://x.example' }, null]) {
      expect((await qrcode({ url }, { method: 'POST', json: true })).error_code, JSON.stringify(url)).toBe(10100);
    }
  });

  // Regression: a URL within the 2000-character limit but beyond what a QR code can hold made the
  // QR library throw, and the caller got HTTP 500 with 10500.
  it('refuses a URL too long to fit in a QR code with 10100, not a server error', async () => {
    for (const url of [`https://x.example/${'a'.repeat(1900)}`, `https://x.example/${'文'.repeat(700)}`]) {
      const res = await qrcode({ url });
      expect(res.response.statusCode).toBe(200);
      expect(res.error_code).toBe(10100);
    }
  });

  it('encodes Chinese and emoji URLs', async () => {
    const url = 'https://docs.example.com/web/#/接口文档/👩‍💻';
    const res = await qrcode({ url });
    expect(res.response.statusCode).toBe(200);
    expect(pngSize(res.response.rawPayload).width).toBe(qrSide(url, 6));
  });
});
