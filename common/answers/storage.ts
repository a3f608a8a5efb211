import { z } from 'zod';
import { folioOnly, int, text } from '../wire.js';

/**
 * `adminSetting/loadOssConfig` and the storage test: ShowDoc's `oss_setting` fields (seed 001 §3).
 * The secret never leaves the server: `secret` and `secretKey` are always '' and `secret_set` says
 * whether one is stored; saving them empty keeps the stored one.
 */
export const OssSettingForm = z.object({
  /** 'aliyun', 'qiniu', 'qcloud' or 's3_storage'. */
  oss_type: text(),
  key: text(),
  secret: text(),
  /** Tencent COS's names for key and secret in ShowDoc's form; kept equal to key/secret. */
  secretId: text(),
  secretKey: text(),
  endpoint: text(),
  bucket: text(),
  region: text(),
  /** The folder inside the bucket. */
  subcat: text(),
  domain: text(),
  protocol: text(),
  secret_set: folioOnly(int()),
});
export type OssSettingForm = z.infer<typeof OssSettingForm>;

export const OssConfig = z.object({
  oss_open: int(),
  oss_setting: OssSettingForm,
  /**
   * Where new files go now: 'env' (the operator's FOLIO_STORAGE, which wins over these settings),
   * 'settings' (this bucket) or 'local' (the data folder).
   */
  active: folioOnly(text()),
});
export type OssConfig = z.infer<typeof OssConfig>;

/** Where the storage test stopped: 'ok', or what failed. */
export const OssTestStep = z.enum(['ok', 'setting', 'connect', 'credentials', 'bucket', 'permission', 'mismatch', 'failed']);
export type OssTestStep = z.infer<typeof OssTestStep>;

export const OssTestResult = z.object({
  ok: int(),
  step: OssTestStep,
  /** What happened, in the caller's language. */
  message: text(),
});
export type OssTestResult = z.infer<typeof OssTestResult>;
