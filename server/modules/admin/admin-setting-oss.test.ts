import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';
import { PNG, signOf, uploadTo } from '../../test/upload-helpers.js';
import { forgetCachedOptions, readOption } from '../common/options.js';
import { s3BlobStore } from '../../storage/s3-store.js';
import { closedPortOptions, startTestS3Server, type TestS3Server } from '../../storage/s3-test-server.js';

/**
 * The admin console's storage setting (ShowDoc's oss_open / oss_setting): saved through Folio's
 * saveOssConfig and ShowDoc's saveConfig, the secret never answered, the connection test against a
 * real S3-protocol server (s3rver), and the switch of the store while Folio runs.
 */

let t: TestApp;
let s3: TestS3Server;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [t, s3] = await Promise.all([startTestApp(), startTestS3Server('folio-oss')]);
  admin = await registerUser(t, { username: 'oss_admin' });
  member = await registerUser(t, { username: 'oss_member' });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function resetSettings(): Promise<void> {
  await t.database.db.deleteFrom('options').where('option_name', 'in', ['oss_open', 'oss_setting', 'beian']).execute();
  forgetCachedOptions(t.database.db);
}

const as = (user: TestUser | null) => (user ? { token: user.token } : {});
const load = (user: TestUser | null = admin) => t.call('adminSetting/loadOssConfig', {}, as(user));
const save = (params: Record<string, unknown>, user: TestUser | null = admin) => t.call('adminSetting/saveOssConfig', params, { ...as(user), json: true });
const test = (params: Record<string, unknown>, user: TestUser | null = admin) => t.call('adminSetting/testOssConfig', params, { ...as(user), json: true });
const storedSetting = async () => JSON.parse((await readOption(t.database.db, 'oss_setting')) ?? '{}') as Record<string, string>;

/** The s3rver bucket as the admin types it: a generic S3 store with an endpoint. */
const s3rverForm = (extra: Record<string, string> = {}) => ({ oss_type: 's3_storage', key: 'S3RVER', secret: 'S3RVER', endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', ...extra });

describe('loadOssConfig / saveOssConfig', () => {
  afterEach(resetSettings);

  it('answers off, empty and the local folder when never saved', async () => {
    const res = await load();
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ oss_open: 0, active: 'local', oss_setting: { oss_type: 's3_storage', bucket: '', secret: '', secret_set: 0, protocol: 'https' } });
  });

  it('stores the form and answers it without the secret; an empty secret keeps the stored one', async () => {
    const res = await save({ oss_open: 1, oss_setting: s3rverForm({ subcat: 'folio' }) });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ oss_open: 1, active: 'settings', oss_setting: { key: 'S3RVER', secret: '', secretKey: '', secret_set: 1, bucket: s3.bucket, subcat: 'folio' } });
    expect(JSON.stringify((await load()).data)).not.toContain('"S3RVER","secret":"S3RVER"');
    expect((await load()).data).toMatchObject({ oss_setting: { secret: '' } });
    expect(await storedSetting()).toMatchObject({ key: 'S3RVER', secret: 'S3RVER' });

    // The console posts the form back as it got it: the secret stays.
    expect((await save({ oss_setting: { ...s3rverForm(), secret: '', region: 'eu-west-1' } })).error_code).toBe(0);
    expect(await storedSetting()).toMatchObject({ secret: 'S3RVER', region: 'eu-west-1' });
    expect((await save({ oss_setting: { secret: 'rotated' } })).error_code).toBe(0);
    expect(await storedSetting()).toMatchObject({ key: 'S3RVER', secret: 'rotated', bucket: s3.bucket });
  });

  it('keeps Tencent COS keys under ShowDoc’s names too (secretId / secretKey)', async () => {
    expect((await save({ oss_open: 1, oss_setting: { oss_type: 'qcloud', key: 'AKID', secret: 'SK', bucket: 'docs-1250000000', region: 'ap-guangzhou' } })).error_code).toBe(0);
    expect(await storedSetting()).toMatchObject({ key: 'AKID', secret: 'SK', secretId: 'AKID', secretKey: 'SK' });
    expect((await load()).data).toMatchObject({ oss_setting: { secretId: 'AKID', secretKey: '', secret: '', secret_set: 1 } });
  });

  it('is for administrators only: 10102 without a login, 10103 for anyone else, and nothing is stored', async () => {
    for (const call of [() => load(null), () => save({ oss_open: 1, oss_setting: s3rverForm() }, null), () => test({ oss_setting: s3rverForm() }, null)]) {
      expect((await call()).error_code).toBe(10102);
    }
    for (const call of [() => load(member), () => save({ oss_open: 1, oss_setting: s3rverForm() }, member), () => test({ oss_setting: s3rverForm() }, member)]) {
      expect((await call()).error_code).toBe(10103);
    }
    expect(await readOption(t.database.db, 'oss_setting')).toBeUndefined();
  });

  it('refuses an unknown provider or oversized field (10100) and a wrong or missing field (10101, naming it)', async () => {
    expect((await save({ oss_setting: { oss_type: 'dropbox' } })).error_code).toBe(10100);
    expect((await save({ oss_setting: { bucket: 'x'.repeat(64) } })).error_code).toBe(10100);
    expect((await save({ oss_setting: { key: ['a'] } })).error_code).toBe(10100);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ oss_setting: { bucket: 'Bad_Bucket' } }, /"bucket"/],
      [{ oss_setting: { endpoint: 'ftp://files.example.com' } }, /"endpoint"/],
      [{ oss_open: 1, oss_setting: { oss_type: 'aliyun', key: 'k', secret: 's', region: 'cn-hangzhou' } }, /"bucket"/],
      [{ oss_open: 1, oss_setting: { oss_type: 'qcloud', key: 'k', secret: 's', bucket: 'b-125' } }, /"region"/],
      [{ oss_open: 1, oss_setting: { oss_type: 'qiniu', key: 'k', bucket: 'kodo', region: 'z0' } }, /secret key/],
    ];
    for (const [params, message] of cases) {
      const res = await save(params);
      expect(res.error_code, JSON.stringify(params)).toBe(10101);
      expect(res.error_message, JSON.stringify(params)).toMatch(message);
    }
    expect(await readOption(t.database.db, 'oss_setting')).toBeUndefined();
    expect(await readOption(t.database.db, 'oss_open')).toBeUndefined();
  });

  it('may keep an incomplete form while storage is off, and refuses to turn it on so', async () => {
    expect((await save({ oss_open: 0, oss_setting: { oss_type: 'aliyun', bucket: 'half-done' } })).error_code).toBe(0);
    expect((await save({ oss_open: 1 })).error_code).toBe(10101);
    expect((await load()).data).toMatchObject({ oss_open: 0, active: 'local', oss_setting: { oss_type: 'aliyun', bucket: 'half-done' } });
  });
});

describe('adminSetting/saveConfig with ShowDoc’s oss_open / oss_setting', () => {
  afterEach(resetSettings);

  it('takes the pair from ShowDoc’s form (the setting as a JSON string) with the other settings', async () => {
    const res = await t.call(
      '',
      { user_token: admin.token, beian: 'ICP', oss_open: '1', oss_setting: JSON.stringify(s3rverForm({ domain: 'cdn.example.com', protocol: 'https' })) },
      { url: '/server/index.php?s=/api/adminSetting/saveConfig' },
    );
    expect(res.error_code).toBe(0);
    expect(await readOption(t.database.db, 'oss_open')).toBe('1');
    expect(await storedSetting()).toMatchObject({ oss_type: 's3_storage', bucket: s3.bucket, secret: 'S3RVER', domain: 'cdn.example.com' });
    expect(await readOption(t.database.db, 'beian')).toBe('ICP');
  });

  it('saves nothing of the form when the storage part is wrong', async () => {
    const res = await t.call('adminSetting/saveConfig', { beian: 'not saved', oss_open: '1', oss_setting: '{"oss_type":"aliyun"}' }, { token: admin.token });
    expect(res.error_code).toBe(10101);
    expect(await readOption(t.database.db, 'beian')).toBeUndefined();
  });
});

describe('testOssConfig', () => {
  afterEach(resetSettings);

  it('puts, reads back and deletes a test object, leaving the bucket as it was', async () => {
    const res = await test({ oss_setting: s3rverForm({ subcat: 'probe' }) });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ ok: 1, step: 'ok' });
    const left = [];
    for await (const entry of s3BlobStore(s3.options('probe/')).scan()) left.push(entry);
    expect(left).toEqual([]);
    expect(await readOption(t.database.db, 'oss_setting')).toBeUndefined();
  });

  it('uses the stored secret when none is typed', async () => {
    expect((await save({ oss_setting: s3rverForm() })).error_code).toBe(0);
    expect((await test({ oss_setting: { ...s3rverForm(), secret: '' } })).data).toMatchObject({ ok: 1 });
  });

  it('says which part is wrong: keys, bucket, endpoint, an incomplete form', async () => {
    const wrongKey = await test({ oss_setting: s3rverForm({ key: 'NOT-S3RVER', secret: 'nope' }) });
    expect(wrongKey.data).toMatchObject({ ok: 0, step: 'credentials' });
    const noBucket = await test({ oss_setting: s3rverForm({ bucket: 'no-such-bucket' }) });
    expect(noBucket.data).toMatchObject({ ok: 0, step: 'bucket' });
    expect((noBucket.data as { message: string }).message).toMatch(/No such bucket/);
    const down = await closedPortOptions();
    const unreachable = await test({ oss_setting: s3rverForm({ endpoint: down.endpoint ?? '' }) });
    expect(unreachable.data).toMatchObject({ ok: 0, step: 'connect' });
    expect((unreachable.data as { message: string }).message).toMatch(/did not answer/);
    const incomplete = await test({ oss_setting: { oss_type: 'aliyun', key: 'k', secret: 's', bucket: 'b12' } });
    expect(incomplete.data).toMatchObject({ ok: 0, step: 'setting' });
    expect((incomplete.data as { message: string }).message).toMatch(/"region"/);
  });

  it('is rate limited per administrator', async () => {
    const other = await registerUser(t, { username: 'oss_admin_2' });
    let limited = 0;
    for (let i = 0; i < 12; i++) {
      const res = await test({ oss_setting: { oss_type: 'aliyun' } }, other);
      if (res.error_code === 10429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });
});

describe('switching the store at run time', () => {
  afterEach(resetSettings);

  it('sends new files to the bucket once on, and still serves files stored before and after each switch', async () => {
    const item = await createItem(t, admin);
    const page = await createPage(t, admin, item.item_id);
    const upload = async () => {
      const res = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: page.page_id }, { field: 'editormd-image-file', filename: 'a.png', data: PNG, contentType: 'image/png' }, admin.token);
      expect(res.body).toMatchObject({ success: 1 });
      const row = await t.database.db.selectFrom('upload_file').select('storage_key').where('sign', '=', signOf(res.body.url)).executeTakeFirstOrThrow();
      return { url: String(res.body.url), key: row.storage_key };
    };
    const served = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      return res.statusCode === 200 && res.rawPayload.equals(PNG);
    };
    const bucket = s3BlobStore(s3.options('site/'));

    const before = await upload();
    expect(await bucket.get(before.key)).toBeNull();

    expect((await save({ oss_open: 1, oss_setting: s3rverForm({ subcat: 'site' }) })).data).toMatchObject({ active: 'settings' });
    const during = await upload();
    expect(await bucket.get(during.key)).toEqual(PNG);
    expect(await served(before.url)).toBe(true);
    expect(await served(during.url)).toBe(true);

    expect((await save({ oss_open: 0 })).data).toMatchObject({ active: 'local' });
    const after = await upload();
    expect(await bucket.get(after.key)).toBeNull();
    for (const file of [before, during, after]) expect(await served(file.url), file.key).toBe(true);
  });

  it('sees a save made by another server within the options cache lifetime', async () => {
    await t.database.db.insertInto('options').values([
      { option_name: 'oss_open', option_value: '1' },
      { option_name: 'oss_setting', option_value: JSON.stringify(s3rverForm()) },
    ]).execute();
    // This process drops its copy as the cache lifetime would (3 s), without waiting in the test.
    forgetCachedOptions(t.database.db);
    expect((await load()).data).toMatchObject({ active: 'settings' });
  });
});

describe('the operator’s FOLIO_STORAGE', () => {
  it('wins over the console’s setting, which the console then shows as not in use', async () => {
    const env = await startTestApp({ storage: { kind: 's3', ...s3.options('env/') } });
    try {
      const boss = await registerUser(env, { username: 'env_admin' });
      const res = await env.call('adminSetting/saveOssConfig', { oss_open: 1, oss_setting: s3rverForm() }, { token: boss.token, json: true });
      expect(res.data).toMatchObject({ oss_open: 1, active: 'env' });
    } finally {
      await env.close();
    }
  });
});
