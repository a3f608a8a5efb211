import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

/**
 * `common/createCaptcha` on every URL: `{captcha_id}`, a number as in ShowDoc, but random rather than
 * sequential, so nobody can walk through other people's captchas.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('captcha answers on ShowDoc’s URLs', () => {
  it('answers the random id as text on both URLs, and the image takes it back', async () => {
    const res = await t.call('common/createCaptcha', {}, { url: '/server/index.php?s=/api/common/createCaptcha' });
    expect(res.data).toEqual({ captcha_id: expect.any(Number) });
    const { captcha_id } = res.data as { captcha_id: number };
    const image = await t.app.inject({ method: 'GET', url: `/server/index.php?s=/api/common/showCaptcha&captcha_id=${captcha_id}` });
    expect(image.statusCode).toBe(200);
    expect((await t.call('common/createCaptcha', {}, { remoteAddress: '10.9.9.9' })).data).toEqual({ captcha_id: expect.any(Number) });
  });
});
