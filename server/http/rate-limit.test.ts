import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '../routes.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { RawResponse } from './envelope.js';
import { zText } from './fields.js';
import { defineRoute } from './route.js';

/** How often each test action's handler ran: a refused call must not reach it. */
const runs = { perAddress: 0, perUser: 0, shared: 0 };

const perAddress = defineRoute({
  path: 'test/perAddress',
  input: z.object({ note: zText(10).default('') }),
  auth: 'optional',
  rateLimit: { per: 'ip', max: 3, windowMs: 60_000 },
  handler: () => ({ runs: ++runs.perAddress }),
});
const perUser = defineRoute({
  path: 'test/perUser',
  input: z.object({}),
  auth: 'required',
  rateLimit: { per: 'user', max: 2, windowMs: 60_000 },
  handler: (ctx) => ({ uid: ctx.user.uid, runs: ++runs.perUser }),
});
/** Two actions with one key spend one budget, and answer their own refusal (as mock serving does). */
const shared = { key: 'test:shared', per: 'ip' as const, max: 2, windowMs: 60_000, refusal: new RawResponse('text/plain; charset=utf-8', 'slow down', { 'x-test': 'yes' }, 429) };
const sharedA = defineRoute({ path: 'test/sharedA', input: z.object({}), auth: 'none', rateLimit: shared, handler: () => ({ runs: ++runs.shared }) });
const sharedB = defineRoute({ path: 'test/sharedB', input: z.object({}), auth: 'none', rateLimit: shared, handler: () => ({ runs: ++runs.shared }) });

describe('a declared rate limit', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await startTestApp({}, [perAddress, perUser, sharedA, sharedB]);
    alice = await registerUser(t);
    bob = await registerUser(t);
  });
  afterAll(() => t.close());

  it('per address: after the limit the dispatcher answers 10429 with HTTP 429, and the handler does not run', async () => {
    const from = { remoteAddress: '10.42.0.1' };
    for (let i = 1; i <= 3; i++) expect((await t.call('test/perAddress', {}, from)).data).toEqual({ runs: i });
    const refused = await t.call('test/perAddress', {}, from);
    expect(refused.response.statusCode).toBe(429);
    expect(refused).toMatchObject({ error_code: 10429, error_message: 'Too many requests. Please slow down' });
    expect(runs.perAddress).toBe(3);
  });

  it('per address: other addresses keep their own budget, on every URL form and whoever is logged in', async () => {
    expect((await t.call('test/perAddress', {}, { remoteAddress: '10.42.0.2' })).error_code).toBe(0);
    const compat = await t.call('test/perAddress', {}, { remoteAddress: '10.42.0.1', url: '/server/index.php?s=/api/test/perAddress' });
    expect(compat.response.statusCode).toBe(429);
    expect((await t.call('test/perAddress', {}, { remoteAddress: '10.42.0.1', token: alice.token })).error_code).toBe(10429);
  });

  it('per address: counted before the body is read, so even unreadable input is refused', async () => {
    const from = { remoteAddress: '10.42.0.3' };
    for (let i = 0; i < 3; i++) expect((await t.call('test/perAddress', { note: 'x'.repeat(11) }, from)).error_code).toBe(10100);
    expect((await t.call('test/perAddress', { note: 'x'.repeat(11) }, from)).error_code).toBe(10429);
  });

  it('per user: each person has a budget wherever they call from; guests are refused as guests first', async () => {
    expect((await t.call('test/perUser', {}, { remoteAddress: '10.42.1.1' })).error_code).toBe(10102);
    expect((await t.call('test/perUser', {}, { token: alice.token, remoteAddress: '10.42.1.1' })).data).toEqual({ uid: alice.uid, runs: 1 });
    expect((await t.call('test/perUser', {}, { token: alice.token, remoteAddress: '10.42.1.2' })).error_code).toBe(0);
    const refused = await t.call('test/perUser', {}, { token: alice.token, remoteAddress: '10.42.1.3' });
    expect(refused.response.statusCode).toBe(429);
    expect(refused.error_code).toBe(10429);
    expect((await t.call('test/perUser', {}, { token: bob.token, remoteAddress: '10.42.1.1' })).error_code).toBe(0);
    expect(runs.perUser).toBe(3);
  });

  it('actions that share a key share one budget, and answer their own refusal when they declare one', async () => {
    const from = { remoteAddress: '10.42.2.1' };
    expect((await t.call('test/sharedA', {}, from)).error_code).toBe(0);
    expect((await t.call('test/sharedB', {}, from)).error_code).toBe(0);
    const refused = await t.call('test/sharedA', {}, from);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.body).toBe('slow down');
    expect(refused.response.headers['x-test']).toBe('yes');
    expect(runs.shared).toBe(2);
  });
});

describe('the declared limits of the API', () => {
  const limited = Object.fromEntries(allRoutes.filter((r) => r.rateLimit).map((r) => [r.path, { ...r.rateLimit, refusal: r.rateLimit?.refusal ? 'own' : 'envelope' }]));

  it('are the anonymous actions that cost something or could be guessed at', () => {
    expect(limited).toEqual({
      // Each costs a call to a model the site pays for (issue 20).
      'ai/create': { per: 'user', max: 20, windowMs: 60_000, refusal: 'envelope' },
      // Logins from elsewhere: a guessed signature, a flood of provider round trips (issue 20).
      'extLogin/bySecretKey': { per: 'ip', max: 60, windowMs: 60_000, refusal: 'envelope' },
      'extLogin/oauth2': { per: 'ip', max: 120, windowMs: 60_000, refusal: 'envelope' },
      // Each LDAP test connects to a host the admin names (issue 20).
      'adminSetting/testLdapConfig': { per: 'user', max: 20, windowMs: 60_000, refusal: 'envelope' },
      // Each storage test writes an object to a bucket the admin names (issue 24).
      'adminSetting/testOssConfig': { per: 'user', max: 10, windowMs: 60_000, refusal: 'envelope' },
      'common/createCaptcha': { per: 'ip', max: 30, windowMs: 60_000, refusal: 'envelope' },
      'common/showCaptcha': { per: 'ip', max: 120, windowMs: 60_000, refusal: 'envelope' },
      'page/infoByKey': { per: 'ip', max: 300, windowMs: 60_000, refusal: 'envelope' },
      'page/sqlToMarkdownTable': { per: 'ip', max: 60, windowMs: 60_000, refusal: 'envelope' },
      'sheet/exportXlsx': { per: 'ip', max: 60, windowMs: 60_000, refusal: 'envelope' },
      'mock/infoByKey': { key: 'mock', per: 'ip', max: 600, windowMs: 60_000, refusal: 'own' },
      'mock/infoByPath': { key: 'mock', per: 'ip', max: 600, windowMs: 60_000, refusal: 'own' },
    });
  });
});
