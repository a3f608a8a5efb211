import { z } from 'zod';
import { noInput, zFlag, zText } from '../../http/fields.js';
import { SITE_CONFIG_KEYS, type SiteConfigKey } from './setting-values.js';

/**
 * `adminSetting/saveConfig`: any subset of the site settings, from a form (text) or JSON (numbers and
 * booleans too), and ShowDoc's storage pair `oss_open` / `oss_setting` (setting-oss.ts). Keys Folio
 * does not have — ShowDoc's AI and session keys among them — are dropped
 * without failing, so ShowDoc's console and scripts can post their whole form. Each value's meaning is
 * checked by the service (setting-service.ts), which the CLI shares.
 */
const rawSetting = z.union([z.string().max(2000), z.number(), z.boolean()]);

/**
 * ShowDoc's `oss_setting` fields (seed 001 §3), capped here; their meaning is checked by
 * storage/oss-setting.ts. ShowDoc's console posts the object as a JSON string, Folio's as an object.
 */
const OssFormInput = z.object({
  oss_type: z.enum(['aliyun', 'qiniu', 'qcloud', 's3_storage']).optional(),
  key: zText(256).optional(),
  /** '' keeps the stored secret. */
  secret: zText(256).optional(),
  secretId: zText(256).optional(),
  secretKey: zText(256).optional(),
  endpoint: zText(255).optional(),
  bucket: zText(63).optional(),
  region: zText(64).optional(),
  subcat: zText(200).optional(),
  domain: zText(255).optional(),
  protocol: z.enum(['http', 'https', '']).optional(),
});
export type OssFormInput = z.output<typeof OssFormInput>;

const ossForm = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, OssFormInput);

export const SaveConfig = z.object({
  ...(Object.fromEntries(SITE_CONFIG_KEYS.map((key) => [key, rawSetting.optional()])) as Record<SiteConfigKey, z.ZodOptional<typeof rawSetting>>),
  oss_open: zFlag.optional(),
  oss_setting: ossForm.optional(),
});
export type SaveConfigInput = z.output<typeof SaveConfig>;

export const LoadConfig = noInput;

export const SaveOssConfig = z.object({ oss_open: zFlag.optional(), oss_setting: ossForm.optional() });
export type SaveOssConfigInput = z.output<typeof SaveOssConfig>;

export const TestOssConfig = z.object({ oss_setting: ossForm.optional() });
export type TestOssConfigInput = z.output<typeof TestOssConfig>;
