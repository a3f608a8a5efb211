import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

/** The site answers on ShowDoc's URLs: ShowDoc's keys only (Folio's `feedback_url` stays on Folio's URLs). */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ feedbackUrl: 'https://example.com/feedback' });
});
afterAll(() => t?.close());

describe('common answers on ShowDoc’s URLs', () => {
  it('common/homePageSetting: ShowDoc’s five keys, its flags as numbers; Folio’s URL adds the feedback link', async () => {
    const res = await t.call('common/homePageSetting', {}, { url: '/server/index.php?s=/api/common/homePageSetting' });
    expect(res.data).toEqual({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1 });
    const folio = await t.call('common/homePageSetting');
    expect(folio.data).toEqual({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1, feedback_url: 'https://example.com/feedback', site_url: '', captcha_open: 1 });
  });

  it('common/version: the same on both URLs', async () => {
    const res = await t.call('common/version', {}, { url: '/server/api/common/version' });
    expect(res.data).toEqual({ version: expect.any(String) });
    expect((await t.call('common/version')).data).toEqual(res.data);
  });
});
