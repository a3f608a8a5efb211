import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';

/**
 * The image captcha in front of login, registration and the visit-password screen. Like ShowDoc: four
 * characters without I, O, 0 or 1, ten minutes of life, case-insensitive. Unlike ShowDoc: random ids
 * instead of 1, 2, 3…, one atomic use, and a wrong answer burns it instead of only shortening its life.
 */

const ANSWER = /^[A-HJ-NP-Z2-9]{4}$/;

let t: TestApp;
let alice: TestUser;

/** Each part below runs on its own new site, so rate limits and clock moves stay local. */
function onFreshSite() {
  beforeAll(async () => {
    t = await startTestApp();
    alice = await registerUser(t, { username: 'alice', password: 'alice secret 1' });
  });
  afterAll(() => t?.close());
}

const login = (captcha: { captcha_id: string; captcha: string }, password = alice.password, remoteAddress = '10.1.0.1') =>
  t.call('user/loginByVerify', { username: 'alice', password, ...captcha }, { remoteAddress });

async function createCaptcha(remoteAddress: string) {
  const res = await t.call('common/createCaptcha', {}, { remoteAddress });
  return { ...res, captcha_id: String((res.data as { captcha_id: number } | undefined)?.captcha_id ?? '') };
}

const answerOf = async (captcha_id: string) =>
  (await t.database.db.selectFrom('captcha').select('captcha').where('captcha_id', '=', captcha_id).executeTakeFirstOrThrow()).captcha;

describe('common/createCaptcha', () => {
  onFreshSite();
  it('answers only an id: 128 random bits in hex, never a sequence number and never the answer', async () => {
    const first = await createCaptcha('10.0.0.1');
    const second = await createCaptcha('10.0.0.1');
    expect(first.error_code).toBe(0);
    expect(Object.keys(first.data as object)).toEqual(['captcha_id']);
    expect(typeof (first.data as { captcha_id: unknown }).captcha_id).toBe('number');
    expect(first.captcha_id).toMatch(/^\d{1,15}$/);
    expect(second.captcha_id).toMatch(/^\d{1,15}$/);
    expect(second.captcha_id).not.toBe(first.captcha_id);
    expect(await answerOf(first.captcha_id)).toMatch(ANSWER);
  });

  it('needs no login, and ignores stray parameters of any type', async () => {
    expect((await createCaptcha('10.0.0.2')).error_code).toBe(0);
    const junk = await t.call('common/createCaptcha', { captcha_id: ['x'], captcha: { a: 1 }, user_token: 'f'.repeat(64) }, { json: true, remoteAddress: '10.0.0.2' });
    expect(junk.error_code).toBe(0);
    expect(Object.keys(junk.data as object)).toEqual(['captcha_id']);
  });

  it("picks four characters from ShowDoc's alphabet, which has no I, O, 0 or 1, and gives them ten minutes", async () => {
    for (let i = 0; i < 20; i++) {
      const { captcha_id, captcha } = await t.solveCaptcha();
      expect(captcha).toMatch(ANSWER);
      const row = await t.database.db.selectFrom('captcha').select('expire_time').where('captcha_id', '=', captcha_id).executeTakeFirstOrThrow();
      expect(row.expire_time).toBe(t.clock.now() + 600);
    }
  });

  it('A7 · is rate-limited per address: the 31st in a minute is HTTP 429 with 10429, and other addresses go on', async () => {
    for (let i = 0; i < 30; i++) expect((await createCaptcha('10.0.1.1')).error_code).toBe(0);
    const refused = await createCaptcha('10.0.1.1');
    expect(refused.response.statusCode).toBe(429);
    expect(refused.error_code).toBe(10429);
    expect(refused.data).toBeUndefined();
    expect((await createCaptcha('10.0.1.2')).error_code).toBe(0);
  });

  it('A7 · purges expired captchas as new ones are made, so the table stays as small as the last ten minutes', async () => {
    const old = await createCaptcha('10.0.2.1');
    t.clock.advance(601);
    await createCaptcha('10.0.2.1');
    const left = await t.database.db.selectFrom('captcha').select('captcha_id').where('captcha_id', '=', old.captcha_id).execute();
    expect(left).toEqual([]);
  });
});

describe('common/showCaptcha', () => {
  onFreshSite();
  it('draws a live captcha as an image that is never cached, by GET (an <img> tag) or POST', async () => {
    const { captcha_id } = await t.solveCaptcha();
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.call('common/showCaptcha', { captcha_id }, { method });
      expect(res.response.statusCode).toBe(200);
      expect(res.response.headers['content-type']).toMatch(/^image\//);
      expect(res.response.headers['cache-control']).toBe('no-store');
      expect(res.response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.response.body).toMatch(/^<svg[\s>]/);
      // Drawn as paths: the answer is not in the image as text a script could read.
      expect(res.response.body).not.toMatch(/<text/);
    }
  });

  it('shows the image without using the captcha up', async () => {
    const captcha = await t.solveCaptcha();
    await t.call('common/showCaptcha', { captcha_id: captcha.captcha_id }, { method: 'GET' });
    expect((await login(captcha)).error_code).toBe(0);
  });

  it('answers HTTP 404 with an empty body for an unknown, a used or an expired captcha', async () => {
    const show = (captcha_id: string) => t.call('common/showCaptcha', { captcha_id }, { method: 'GET' });
    const unknown = await show('0'.repeat(32));
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.response.body).toBe('');

    const used = await t.solveCaptcha();
    expect((await login(used)).error_code).toBe(0);
    expect((await show(used.captcha_id)).response.statusCode).toBe(404);

    const expiring = await t.solveCaptcha();
    t.clock.advance(600);
    expect((await show(expiring.captcha_id)).response.statusCode).toBe(404);
  });

  it('refuses a missing, overlong or non-text captcha_id with 10100', async () => {
    expect((await t.call('common/showCaptcha', {})).error_code).toBe(10100);
    expect((await t.call('common/showCaptcha', { captcha_id: 'a'.repeat(65) })).error_code).toBe(10100);
    expect((await t.call('common/showCaptcha', { captcha_id: ['a', 'b'] }, { json: true })).error_code).toBe(10100);
    expect((await t.call('common/showCaptcha', { captcha_id: { $ne: '' } }, { json: true })).error_code).toBe(10100);
    expect((await t.call('common/showCaptcha', { captcha_id: "' or 1=1 --" }, { method: 'GET' })).response.statusCode).toBe(404);
  });

  it('F10 · is rate-limited per address: the 121st image in a minute is HTTP 429', async () => {
    const from = { method: 'GET' as const, remoteAddress: '10.0.3.1' };
    for (let i = 0; i < 120; i++) expect((await t.call('common/showCaptcha', { captcha_id: 'f'.repeat(32) }, from)).response.statusCode).toBe(404);
    const refused = await t.call('common/showCaptcha', { captcha_id: 'f'.repeat(32) }, from);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.error_code).toBe(10429);
  });
});

describe('using a captcha', () => {
  onFreshSite();
  it('A4 · passes once: the same id and answer a second time is 10206', async () => {
    const captcha = await t.solveCaptcha();
    expect((await login(captcha)).error_code).toBe(0);
    const again = await login(captcha);
    expect(again.error_code).toBe(10206);
    expect(again.data).toBeUndefined();
  });

  it('is spent by a wrong password too, so one solved captcha buys one guess', async () => {
    const captcha = await t.solveCaptcha();
    expect((await login(captcha, 'not the password', '10.1.1.1')).error_code).toBe(10210);
    expect((await login(captcha, alice.password, '10.1.1.1')).error_code).toBe(10206);
  });

  it('ignores case and surrounding spaces in the answer', async () => {
    const captcha = await t.solveCaptcha();
    expect((await login({ captcha_id: captcha.captcha_id, captcha: ` ${captcha.captcha.toLowerCase()} ` })).error_code).toBe(0);
  });

  it('A6 · is burnt by a wrong answer: the right answer afterwards is 10206, so it cannot be guessed 32⁴ times', async () => {
    const captcha = await t.solveCaptcha();
    const wrong = captcha.captcha === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    expect((await login({ captcha_id: captcha.captcha_id, captcha: wrong })).error_code).toBe(10206);
    expect((await login(captcha)).error_code).toBe(10206);
  });

  it('A6 · lives ten minutes: at 9:59 it passes, at 10:00 it is 10206', async () => {
    const fresh = await t.solveCaptcha();
    const stale = await t.solveCaptcha();
    t.clock.advance(599);
    expect((await login(fresh)).error_code).toBe(0);
    t.clock.advance(1);
    expect((await login(stale)).error_code).toBe(10206);
  });

  it('is 10206 when the id or the answer is missing, unknown or belongs to another captcha', async () => {
    const a = await t.solveCaptcha();
    const b = await t.solveCaptcha();
    expect((await login({ captcha_id: '', captcha: a.captcha })).error_code).toBe(10206);
    expect((await login({ captcha_id: a.captcha_id, captcha: '' })).error_code).toBe(10206);
    expect((await login({ captcha_id: 'f'.repeat(32), captcha: a.captcha })).error_code).toBe(10206);
    if (a.captcha !== b.captcha) expect((await login({ captcha_id: b.captcha_id, captcha: a.captcha })).error_code).toBe(10206);
  });

  it('refuses an answer that is not text, or is too long to be one, with 10100', async () => {
    const { captcha_id } = await t.solveCaptcha();
    const asJson = { json: true, remoteAddress: '10.1.2.1' };
    expect((await t.call('user/loginByVerify', { username: 'alice', password: alice.password, captcha_id, captcha: ['A', 'B'] }, asJson)).error_code).toBe(10100);
    expect((await t.call('user/loginByVerify', { username: 'alice', password: alice.password, captcha_id, captcha: { $ne: '' } }, asJson)).error_code).toBe(10100);
    expect((await t.call('user/loginByVerify', { username: 'alice', password: alice.password, captcha_id: [captcha_id], captcha: 'ABCD' }, asJson)).error_code).toBe(10100);
    expect((await login({ captcha_id, captcha: 'A'.repeat(17) })).error_code).toBe(10100);
  });

  it('A5 · lets exactly one of 20 parallel logins through with one solved captcha', async () => {
    const captcha = await t.solveCaptcha();
    const results = await Promise.all(Array.from({ length: 20 }, () => login(captcha)));
    const codes = results.map((r) => r.error_code).sort();
    expect(codes).toEqual([0, ...Array<number>(19).fill(10206)]);
  });
});
