import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { parseStorageUrl } from './from-config.js';

describe('parseStorageUrl (FOLIO_STORAGE and FOLIO_S3_*)', () => {
  it('keeps the local directory when nothing or "local" is set', () => {
    expect(parseStorageUrl({})).toEqual({ kind: 'local' });
    expect(parseStorageUrl({ FOLIO_STORAGE: 'local' })).toEqual({ kind: 'local' });
  });

  it('reads a bucket, its prefix and Folio’s own settings', () => {
    expect(
      parseStorageUrl({
        FOLIO_STORAGE: 's3://docs-bucket/folio/attachments/',
        FOLIO_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        FOLIO_S3_REGION: 'cn-hangzhou',
        FOLIO_S3_ACCESS_KEY_ID: 'id',
        FOLIO_S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({ kind: 's3', bucket: 'docs-bucket', prefix: 'folio/attachments/', endpoint: 'http://127.0.0.1:9000', region: 'cn-hangzhou', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
  });

  it('falls back to the AWS names, defaults the region, and uses virtual-host addressing on AWS itself', () => {
    expect(parseStorageUrl({ FOLIO_STORAGE: 's3://bucket', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b', AWS_REGION: 'eu-west-1' })).toEqual({
      kind: 's3',
      bucket: 'bucket',
      prefix: '',
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: false,
    });
    expect(parseStorageUrl({ FOLIO_STORAGE: 's3://bucket/p' })).toMatchObject({ region: 'us-east-1', prefix: 'p/', forcePathStyle: false });
    expect(parseStorageUrl({ FOLIO_STORAGE: 's3://bucket', FOLIO_S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com', FOLIO_S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
    // Folio's own name wins over the AWS one.
    expect(parseStorageUrl({ FOLIO_STORAGE: 's3://bucket', FOLIO_S3_REGION: 'ap-east-1', AWS_REGION: 'eu-west-1' })).toMatchObject({ region: 'ap-east-1' });
  });

  it('refuses what it cannot use, and the start fails with the reason', () => {
    for (const [env, message] of [
      [{ FOLIO_STORAGE: 'ftp://bucket' }, /must be "local" or s3:\/\/bucket\/prefix/],
      [{ FOLIO_STORAGE: 's3://' }, /must be "local"/],
      [{ FOLIO_STORAGE: 's3://Bad_Bucket' }, /bucket name/],
      [{ FOLIO_STORAGE: 's3://bucket/../x' }, /prefix/],
      [{ FOLIO_STORAGE: 's3://bucket', FOLIO_S3_ENDPOINT: 'minio:9000' }, /FOLIO_S3_ENDPOINT must be an http\(s\) address/],
      [{ FOLIO_STORAGE: 's3://bucket', FOLIO_S3_ACCESS_KEY_ID: 'only-id' }, /go together/],
      [{ FOLIO_STORAGE: 's3://bucket', FOLIO_S3_FORCE_PATH_STYLE: 'maybe' }, /true or false/],
    ] as const) {
      expect(() => parseStorageUrl(env)).toThrow(message);
      expect(() => loadConfig(env)).toThrow(/^Invalid configuration: /);
    }
    expect(loadConfig({ FOLIO_STORAGE: 's3://bucket' }).storage).toMatchObject({ kind: 's3', bucket: 'bucket' });
  });
});
