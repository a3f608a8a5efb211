import { z } from 'zod';
import type { S3StoreOptions } from './s3-store.js';

/**
 * ShowDoc's `oss_setting` option (seed 001 §3; ShowDoc's AttachmentModel::uploadOss): a JSON object in
 * the options table, with ShowDoc's own field names so a ShowDoc site's value carries over unchanged.
 * All four providers speak the S3 protocol, so each maps to the one S3 client (s3-store.ts) with its
 * endpoint and addressing style. `domain` and `protocol` were ShowDoc's public file addresses; Folio
 * serves every file itself (permission checks, content types), so they are kept only as data.
 */

export const OSS_TYPES = ['aliyun', 'qiniu', 'qcloud', 's3_storage'] as const;
export type OssType = (typeof OSS_TYPES)[number];

const field = (max: number) => z.string().trim().max(max).default('');

/** The stored form. Tencent COS names its keys secretId/secretKey in ShowDoc's form; both are kept in step. */
export const OssSetting = z.object({
  oss_type: z.enum(OSS_TYPES).default('s3_storage'),
  key: field(256),
  secret: field(256),
  secretId: field(256),
  secretKey: field(256),
  endpoint: field(255),
  bucket: field(63),
  region: field(64),
  /** Folder inside the bucket ("subcat" in ShowDoc's form): Folio's prefix. */
  subcat: field(200),
  domain: field(255),
  protocol: z.enum(['http', 'https', '']).default('https'),
});
export type OssSetting = z.output<typeof OssSetting>;

export const EMPTY_OSS_SETTING: OssSetting = OssSetting.parse({});

/** Which field is wrong, for the admin's message. */
export class OssSettingError extends Error {
  constructor(readonly field: keyof OssSetting | 'secret_missing') {
    super(`oss_setting.${field}`);
  }
}

/** The stored JSON as the rest of Folio reads it: junk (a hand edit, an odd import) reads as empty, never as an error. */
export function parseStoredOssSetting(json: string | undefined): OssSetting {
  if (!json) return EMPTY_OSS_SETTING;
  try {
    const parsed = OssSetting.safeParse(normaliseKeys(JSON.parse(json) as unknown));
    return parsed.success ? parsed.data : EMPTY_OSS_SETTING;
  } catch {
    return EMPTY_OSS_SETTING;
  }
}

/** ShowDoc sometimes stored numbers or nulls; every field is text here. */
function normaliseKeys(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'number' ? String(v) : v;
  }
  if (out.protocol === undefined || out.protocol === '') out.protocol = 'https';
  return out;
}

/** The access key pair, wherever the form put it (Tencent COS: secretId / secretKey). */
export function credentialsOf(s: OssSetting): { key: string; secret: string } {
  if (s.oss_type === 'qcloud') return { key: s.secretId || s.key, secret: s.secretKey || s.secret };
  return { key: s.key, secret: s.secret };
}

/** Keeps key/secret and secretId/secretKey equal, so ShowDoc and Folio read the same pair. */
export function withCredentials(s: OssSetting, key: string, secret: string): OssSetting {
  return { ...s, key, secret, secretId: s.oss_type === 'qcloud' ? key : s.secretId, secretKey: s.oss_type === 'qcloud' ? secret : s.secretKey };
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const DOMAIN = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * Checks what is filled in (always) and, when `complete`, that the provider has what it needs to
 * connect. Throws OssSettingError naming the first wrong field.
 */
export function checkOssSetting(s: OssSetting, complete: boolean): void {
  if (s.bucket !== '' && !BUCKET.test(s.bucket)) throw new OssSettingError('bucket');
  if (s.region !== '' && !REGION.test(s.region.toLowerCase())) throw new OssSettingError('region');
  if (s.endpoint !== '') endpointUrl(s.endpoint);
  if (s.subcat !== '' && (!PREFIX.test(s.subcat.replace(/^\/+|\/+$/g, '')) || s.subcat.split('/').includes('..'))) throw new OssSettingError('subcat');
  if (s.domain !== '' && !DOMAIN.test(s.domain)) throw new OssSettingError('domain');
  if (!complete) return;
  if (s.bucket === '') throw new OssSettingError('bucket');
  const { key, secret } = credentialsOf(s);
  // A generic S3 store may take its keys from the machine (instance role); the clouds need them typed.
  if (s.oss_type !== 's3_storage' && (key === '' || secret === '')) throw new OssSettingError(key === '' ? 'key' : 'secret_missing');
  if (s.oss_type === 's3_storage' && (key === '') !== (secret === '')) throw new OssSettingError(key === '' ? 'key' : 'secret_missing');
  if (s.oss_type === 'qcloud' && s.region === '') throw new OssSettingError('region');
  if ((s.oss_type === 'aliyun' || s.oss_type === 'qiniu') && s.region === '' && s.endpoint === '') throw new OssSettingError('region');
  if (s.oss_type === 'aliyun' && s.region === '' && aliyunRegionOf(endpointUrl(s.endpoint)) === null) throw new OssSettingError('region');
}

/** ShowDoc took endpoints with or without the scheme and added https:// itself. */
function endpointUrl(endpoint: string): URL {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new OssSettingError('endpoint');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new OssSettingError('endpoint');
  }
  return url;
}

const origin = (url: URL) => `${url.protocol}//${url.host}`;

/** `oss-cn-hangzhou` or `cn-hangzhou` → `cn-hangzhou` (Aliyun's region id, which SigV4 signs with). */
function aliyunRegion(region: string): string {
  return region.toLowerCase().replace(/^oss-/, '');
}

/** The region in an Aliyun endpoint: `oss-cn-hangzhou(-internal).aliyuncs.com` and `s3.oss-…` forms. */
function aliyunRegionOf(url: URL): string | null {
  const m = /^(?:s3\.)?oss-([a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/.exec(url.hostname);
  return m?.[1] ?? null;
}

/** Qiniu's zone names (what ShowDoc's region lookup answered) → the S3 region ids of Kodo. */
const QINIU_ZONES: Record<string, string> = {
  z0: 'cn-east-1',
  'cn-east-2': 'cn-east-2',
  z1: 'cn-north-1',
  z2: 'cn-south-1',
  na0: 'us-north-1',
  as0: 'ap-southeast-1',
};

/** `s3.cn-east-1.qiniucs.com` or ShowDoc's `s3-cn-east-1.qiniucs.com` → `cn-east-1`. */
function qiniuRegionOf(url: URL): string | null {
  const m = /^s3[.-]([a-z0-9-]+)\.qiniucs\.com$/.exec(url.hostname);
  return m?.[1] ?? null;
}

/**
 * The S3 client options for a complete setting (checkOssSetting(s, true) passed):
 * - Aliyun OSS: `https://oss-<region>.aliyuncs.com` (or the endpoint typed), virtual-hosted style
 *   (OSS refuses path-style requests), signed for the region id (`cn-hangzhou`).
 * - Tencent COS: `https://cos.<region>.myqcloud.com`, virtual-hosted; keys are SecretId / SecretKey.
 * - Qiniu Kodo: its S3-compatible endpoint `https://s3.<region>.qiniucs.com` (zone names z0, z1, … are
 *   read as their regions), virtual-hosted.
 * - Generic S3: the endpoint is optional (AWS itself); with an endpoint (MinIO, Ceph, …) path style,
 *   which every S3-compatible server accepts; region `us-east-1` when none is given.
 */
export function ossSettingToS3(s: OssSetting): S3StoreOptions {
  const { key, secret } = credentialsOf(s);
  const keys = key !== '' ? { accessKeyId: key, secretAccessKey: secret } : {};
  // s3-store prepends the prefix as it is: a folder needs its slash.
  const folder = s.subcat.replace(/^\/+|\/+$/g, '');
  const prefix = folder === '' ? '' : `${folder}/`;
  const region = s.region.toLowerCase();
  const typed = s.endpoint !== '' ? endpointUrl(s.endpoint) : null;
  switch (s.oss_type) {
    case 'aliyun': {
      const r = region !== '' ? aliyunRegion(region) : (aliyunRegionOf(typed as URL) as string);
      return { bucket: s.bucket, prefix, endpoint: typed ? origin(typed) : `https://oss-${r}.aliyuncs.com`, region: r, forcePathStyle: false, ...keys };
    }
    case 'qcloud':
      return { bucket: s.bucket, prefix, endpoint: typed ? origin(typed) : `https://cos.${region}.myqcloud.com`, region, forcePathStyle: false, ...keys };
    case 'qiniu': {
      const r = region !== '' ? (QINIU_ZONES[region] ?? region) : (qiniuRegionOf(typed as URL) ?? 'cn-east-1');
      return { bucket: s.bucket, prefix, endpoint: typed ? origin(typed) : `https://s3.${r}.qiniucs.com`, region: r, forcePathStyle: false, ...keys };
    }
    case 's3_storage':
      return { bucket: s.bucket, prefix, ...(typed ? { endpoint: origin(typed) } : {}), region: region || 'us-east-1', forcePathStyle: typed !== null, ...keys };
  }
}

/** The S3 options when the site's storage setting is on and complete; null means "local disk". */
export function activeOssOptions(ossOpen: string | undefined, json: string | undefined): S3StoreOptions | null {
  return ossOpen?.trim() === '1' ? completeOssOptions(json) : null;
}

/** The bucket of a stored setting that is complete, whether or not it is switched on. */
export function completeOssOptions(json: string | undefined): S3StoreOptions | null {
  const setting = parseStoredOssSetting(json);
  try {
    checkOssSetting(setting, true);
  } catch {
    return null;
  }
  return ossSettingToS3(setting);
}
