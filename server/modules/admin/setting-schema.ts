import { z } from 'zod';
import { noInput } from '../../http/fields.js';
import { SITE_CONFIG_KEYS, type SiteConfigKey } from './setting-values.js';

/**
 * `adminSetting/saveConfig`: any subset of the site settings, from a form (text) or JSON (numbers and
 * booleans too). Keys Folio does not have — ShowDoc's AI, OSS and session keys among them — are dropped
 * without failing, so ShowDoc's console and scripts can post their whole form. Each value's meaning is
 * checked by the service (setting-service.ts), which the CLI shares.
 */
const rawSetting = z.union([z.string().max(2000), z.number(), z.boolean()]);

export const SaveConfig = z.object(
  Object.fromEntries(SITE_CONFIG_KEYS.map((key) => [key, rawSetting.optional()])) as Record<SiteConfigKey, z.ZodOptional<typeof rawSetting>>,
);
export type SaveConfigInput = z.output<typeof SaveConfig>;

export const LoadConfig = noInput;
