import path from 'node:path';
import { localBlobStore, type BlobStore } from './blob-store.js';
import { s3BlobStore, type S3StoreOptions } from './s3-store.js';

/** Where attachments live: the local directory (the default) or an S3-compatible bucket. */
export type StorageSetting = { kind: 'local' } | ({ kind: 's3' } & S3StoreOptions);

/** A FOLIO_STORAGE value, or an S3 setting, that Folio cannot use: it refuses to start with this message. */
export class BadStorageSetting extends Error {}

type Env = Record<string, string | undefined>;

/** Bucket names as S3 allows them (3–63 of lowercase letters, digits, dots and hyphens). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `FOLIO_STORAGE=s3://bucket/prefix` (or unset / `local`) with FOLIO_S3_ENDPOINT, FOLIO_S3_REGION,
 * FOLIO_S3_ACCESS_KEY_ID, FOLIO_S3_SECRET_ACCESS_KEY and FOLIO_S3_FORCE_PATH_STYLE; the AWS_* names are
 * read when Folio's own are not set, as every AWS tool does.
 */
export function parseStorageUrl(env: Env): StorageSetting {
  const value = (env.FOLIO_STORAGE ?? '').trim();
  if (value === '' || value === 'local') return { kind: 'local' };
  const match = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/.exec(value);
  if (!match) throw new BadStorageSetting(`FOLIO_STORAGE must be "local" or s3://bucket/prefix, not "${value}"`);
  const bucket = match[1] ?? '';
  if (!BUCKET.test(bucket)) throw new BadStorageSetting(`FOLIO_STORAGE names the bucket "${bucket}": a bucket name has 3–63 lowercase letters, digits, dots or hyphens`);
  const rawPrefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  // No `.`/`..` segments, backslashes or control characters: an object name stays what it looks like.
  if (rawPrefix.split('/').some((part) => part === '.' || part === '..') || /\\/.test(rawPrefix) || [...rawPrefix].some((c) => c.charCodeAt(0) < 0x20)) {
    throw new BadStorageSetting(`FOLIO_STORAGE has a prefix Folio cannot use: "${rawPrefix}"`);
  }
  const endpoint = pick(env, 'FOLIO_S3_ENDPOINT', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL');
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) {
    throw new BadStorageSetting(`FOLIO_S3_ENDPOINT must be an http(s) address such as https://oss-cn-hangzhou.aliyuncs.com, not "${endpoint}"`);
  }
  const accessKeyId = pick(env, 'FOLIO_S3_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = pick(env, 'FOLIO_S3_SECRET_ACCESS_KEY', 'AWS_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new BadStorageSetting('FOLIO_S3_ACCESS_KEY_ID and FOLIO_S3_SECRET_ACCESS_KEY go together: set both, or neither');
  }
  const pathStyle = pick(env, 'FOLIO_S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && !/^(true|false|1|0|on|off)$/i.test(pathStyle)) {
    throw new BadStorageSetting(`FOLIO_S3_FORCE_PATH_STYLE must be true or false, not "${pathStyle}"`);
  }
  return {
    kind: 's3',
    bucket,
    prefix: rawPrefix ? `${rawPrefix}/` : '',
    ...(endpoint !== undefined ? { endpoint: endpoint.replace(/\/$/, '') } : {}),
    region: pick(env, 'FOLIO_S3_REGION', 'AWS_REGION', 'AWS_DEFAULT_REGION') ?? 'us-east-1',
    ...(accessKeyId !== undefined && secretAccessKey !== undefined ? { accessKeyId, secretAccessKey } : {}),
    // A self-hosted endpoint (MinIO, s3rver) rarely has a DNS name per bucket; AWS and the clouds do.
    forcePathStyle: pathStyle !== undefined ? /^(true|1|on)$/i.test(pathStyle) : endpoint !== undefined,
  };
}

function pick(env: Env, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** The store a setting describes; the local one lives in DATA_DIR/uploads. */
export function blobStoreFor(setting: StorageSetting, dataDir: string): BlobStore {
  if (setting.kind === 'local') return localBlobStore(localUploadsDir(dataDir));
  const { kind: _kind, ...options } = setting;
  return s3BlobStore(options);
}

export function localUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The site's attachment store as configured (server/config.ts reads FOLIO_STORAGE at start). */
// The two settings it reads, not Config itself: server/config.ts imports this file to parse FOLIO_STORAGE.
export function storageFromConfig(config: { dataDir: string; storage: StorageSetting }): BlobStore {
  return blobStoreFor(config.storage, config.dataDir);
}
