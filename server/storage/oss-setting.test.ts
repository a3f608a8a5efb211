import { describe, expect, it } from 'vitest';
import { activeOssOptions, checkOssSetting, OssSetting, OssSettingError, ossSettingToS3, parseStoredOssSetting } from './oss-setting.js';

/** ShowDoc's oss_setting → the one S3 client: each provider's endpoint, region and addressing style. */

const setting = (fields: Record<string, string>) => OssSetting.parse(fields);
const wrongField = (fn: () => void): string | undefined => {
  try {
    fn();
  } catch (err) {
    if (err instanceof OssSettingError) return err.field;
    throw err;
  }
  return undefined;
};

describe('ossSettingToS3', () => {
  it('Aliyun OSS: oss-<region>.aliyuncs.com, virtual-hosted, signed for the region id', () => {
    const s = setting({ oss_type: 'aliyun', key: 'AK', secret: 'SK', bucket: 'docs-files', region: 'oss-cn-hangzhou' });
    expect(ossSettingToS3(s)).toEqual({
      bucket: 'docs-files',
      prefix: '',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'cn-hangzhou',
      forcePathStyle: false,
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
    });
  });

  it('Aliyun OSS as ShowDoc stored it: only an endpoint without a scheme; the region is read from it', () => {
    const s = setting({ oss_type: 'aliyun', key: 'AK', secret: 'SK', bucket: 'b1b', endpoint: 'oss-cn-beijing-internal.aliyuncs.com' });
    expect(ossSettingToS3(s)).toMatchObject({ endpoint: 'https://oss-cn-beijing-internal.aliyuncs.com', region: 'cn-beijing', forcePathStyle: false });
  });

  it('Tencent COS: cos.<region>.myqcloud.com, virtual-hosted, SecretId/SecretKey as the key pair', () => {
    const s = setting({ oss_type: 'qcloud', secretId: 'AKID', secretKey: 'KEY', bucket: 'docs-1250000000', region: 'ap-guangzhou', subcat: '/folio/' });
    expect(ossSettingToS3(s)).toEqual({
      bucket: 'docs-1250000000',
      prefix: 'folio/',
      endpoint: 'https://cos.ap-guangzhou.myqcloud.com',
      region: 'ap-guangzhou',
      forcePathStyle: false,
      accessKeyId: 'AKID',
      secretAccessKey: 'KEY',
    });
  });

  it('Qiniu Kodo: the S3-compatible s3.<region>.qiniucs.com; zone names read as regions', () => {
    expect(ossSettingToS3(setting({ oss_type: 'qiniu', key: 'a', secret: 'b', bucket: 'kodo', region: 'cn-south-1' }))).toMatchObject({
      endpoint: 'https://s3.cn-south-1.qiniucs.com',
      region: 'cn-south-1',
      forcePathStyle: false,
    });
    expect(ossSettingToS3(setting({ oss_type: 'qiniu', key: 'a', secret: 'b', bucket: 'kodo', region: 'z1' }))).toMatchObject({
      endpoint: 'https://s3.cn-north-1.qiniucs.com',
      region: 'cn-north-1',
    });
    // ShowDoc looked the endpoint up itself and answered the older s3-<region> host.
    expect(ossSettingToS3(setting({ oss_type: 'qiniu', key: 'a', secret: 'b', bucket: 'kodo', endpoint: 'https://s3-cn-east-1.qiniucs.com' }))).toMatchObject({
      endpoint: 'https://s3-cn-east-1.qiniucs.com',
      region: 'cn-east-1',
    });
  });

  it('generic S3: AWS itself without an endpoint (virtual-hosted), path style with one (MinIO, Ceph, s3rver)', () => {
    expect(ossSettingToS3(setting({ oss_type: 's3_storage', key: 'k', secret: 's', bucket: 'my-bucket', region: 'eu-west-1' }))).toEqual({
      bucket: 'my-bucket',
      prefix: '',
      region: 'eu-west-1',
      forcePathStyle: false,
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    expect(ossSettingToS3(setting({ oss_type: 's3_storage', bucket: 'my-bucket', endpoint: 'http://127.0.0.1:9000', subcat: 'a/b' }))).toEqual({
      bucket: 'my-bucket',
      prefix: 'a/b/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });
});

describe('checkOssSetting', () => {
  it('names the field a provider is missing', () => {
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 'aliyun', key: 'k', secret: 's' }), true))).toBe('bucket');
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 'aliyun', key: 'k', bucket: 'bbb' }), true))).toBe('secret_missing');
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 'aliyun', key: 'k', secret: 's', bucket: 'bbb' }), true))).toBe('region');
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 'aliyun', key: 'k', secret: 's', bucket: 'bbb', endpoint: 'files.example.com' }), true))).toBe('region');
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 'qcloud', secretId: 'k', secretKey: 's', bucket: 'bbb' }), true))).toBe('region');
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 'qiniu', secret: 's', bucket: 'bbb', region: 'z0' }), true))).toBe('key');
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 's3_storage', bucket: 'bbb' }), true))).toBeUndefined();
    expect(wrongField(() => checkOssSetting(setting({ oss_type: 's3_storage', bucket: 'bbb', key: 'only-the-key' }), true))).toBe('secret_missing');
  });

  it('refuses malformed fields even while storage is off', () => {
    for (const [fields, name] of [
      [{ bucket: 'Bad_Bucket' }, 'bucket'],
      [{ endpoint: 'ftp://example.com' }, 'endpoint'],
      [{ endpoint: 'https://example.com/path?x=1' }, 'endpoint'],
      [{ endpoint: 'https://user:pw@example.com' }, 'endpoint'],
      [{ region: 'cn hangzhou' }, 'region'],
      [{ subcat: '../up' }, 'subcat'],
      [{ domain: 'https://cdn.example.com' }, 'domain'],
    ] as const) {
      expect(wrongField(() => checkOssSetting(setting(fields), false)), JSON.stringify(fields)).toBe(name);
    }
    expect(wrongField(() => checkOssSetting(setting({ bucket: '', region: '' }), false))).toBeUndefined();
  });
});

describe('reading the stored option', () => {
  it('reads ShowDoc’s JSON (numbers, nulls, missing protocol) and junk as empty', () => {
    expect(parseStoredOssSetting('{"oss_type":"qiniu","key":"k","secret":"s","bucket":"b12","region":null,"protocol":""}')).toMatchObject({
      oss_type: 'qiniu',
      region: '',
      protocol: 'https',
    });
    expect(parseStoredOssSetting('not json').bucket).toBe('');
    expect(parseStoredOssSetting('{"oss_type":"dropbox"}').bucket).toBe('');
    expect(parseStoredOssSetting(undefined).oss_type).toBe('s3_storage');
  });

  it('is active only when oss_open is 1 and the setting is complete', () => {
    const json = JSON.stringify({ oss_type: 's3_storage', bucket: 'bucket-a', endpoint: 'http://localhost:4568' });
    expect(activeOssOptions('1', json)).toMatchObject({ bucket: 'bucket-a', forcePathStyle: true });
    expect(activeOssOptions('0', json)).toBeNull();
    expect(activeOssOptions(undefined, json)).toBeNull();
    expect(activeOssOptions('1', JSON.stringify({ oss_type: 'aliyun', bucket: 'bucket-a' }))).toBeNull();
  });
});
