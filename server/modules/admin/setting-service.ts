import type { Kysely } from 'kysely';
import type { SiteConfig } from '../../../common/answers/admin.js';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import { isBlockedExtension } from '../attachment/upload-rules.js';
import { readOptions, writeOptions } from '../common/options.js';
import {
  effectiveSiteConfig,
  FLAG_KEYS,
  HOME_PAGE_MODES,
  NUMBER_RANGES,
  readSiteConfig,
  SITE_CONFIG_KEYS,
  type SiteConfigKey,
} from './setting-values.js';
import { ossValues } from './setting-oss.js';
import type { SaveConfigInput } from './setting-schema.js';

/**
 * `adminSetting/loadConfig|saveConfig` and `folio settings get|set`: one validation for both, so the
 * shell cannot store what the console would refuse. The caller has passed requireAdmin (or is the CLI).
 */

/** What a client may send for one setting: form text, or a JSON number or boolean. */
export type RawSetting = string | number | boolean;
export type RawSettings = Partial<Record<SiteConfigKey, RawSetting>>;

/** The options column is text; these caps keep a setting a setting (ShowDoc's column was CHAR(200)). */
const MAX_TEXT = 200;

export function loadConfig(db: Kysely<DB>): Promise<SiteConfig> {
  return readSiteConfig(db);
}

/** Validates any subset of the settings and stores it; unknown keys never reach here (the schema drops them). */
export async function saveConfig(db: Kysely<DB>, input: SaveConfigInput): Promise<[]> {
  const { oss_open, oss_setting, ...raw } = input;
  const values = await validateSettings(db, raw);
  // ShowDoc's console saves the storage pair with the rest of the form (setting-oss.ts).
  const oss = oss_open !== undefined || oss_setting !== undefined ? await ossValues(db, oss_open, oss_setting) : {};
  await writeOptions(db, { ...values, ...oss });
  return [];
}

export function isSettingName(name: string): name is SiteConfigKey {
  return (SITE_CONFIG_KEYS as readonly string[]).includes(name);
}

/** The stored form of each given setting, or ApiError 10101 naming the first one that is wrong. */
export async function validateSettings(db: Kysely<DB>, raw: RawSettings): Promise<Partial<Record<SiteConfigKey, string>>> {
  const out: Partial<Record<SiteConfigKey, string>> = {};
  for (const key of FLAG_KEYS) {
    const v = raw[key];
    if (v !== undefined) out[key] = flagValue(key, v);
  }
  for (const key of Object.keys(NUMBER_RANGES) as (keyof typeof NUMBER_RANGES)[]) {
    const v = raw[key];
    if (v !== undefined) out[key] = numberValue(key, v);
  }
  if (raw.home_page !== undefined) {
    const mode = String(raw.home_page).trim();
    if (!(HOME_PAGE_MODES as readonly string[]).includes(mode)) throw new ApiError(10101, 'setting.homePage');
    out.home_page = mode;
  }
  if (raw.home_item !== undefined) out.home_item = textValue('home_item', raw.home_item);
  if (raw.beian !== undefined) out.beian = textValue('beian', raw.beian);
  if (raw.site_url !== undefined) out.site_url = siteUrlValue(textValue('site_url', raw.site_url));
  if (raw.upload_extensions !== undefined) out.upload_extensions = extensionsValue(textValue('upload_extensions', raw.upload_extensions));

  // The project home page is checked against what the site will have once this is saved, so saving
  // `home_page=3` alone checks the stored project, and clearing or changing the project is checked too.
  if (out.home_page !== undefined || out.home_item !== undefined) {
    const saved = effectiveSiteConfig(await readOptions(db, ['home_page', 'home_item']));
    const mode = out.home_page ?? saved.home_page;
    const item = out.home_item ?? saved.home_item;
    if (mode === '3' || (out.home_item !== undefined && out.home_item !== '')) await requirePublicItem(db, item);
  }
  return out;
}

function flagValue(name: string, v: RawSetting): string {
  const s = String(v).trim().toLowerCase();
  if (s === '1' || s === 'true') return '1';
  if (s === '0' || s === 'false') return '0';
  throw new ApiError(10101, 'setting.flag', { name });
}

function numberValue(name: keyof typeof NUMBER_RANGES, v: RawSetting): string {
  const [min, max] = NUMBER_RANGES[name];
  const s = String(v).trim();
  if (typeof v === 'boolean' || !/^\d{1,9}$/.test(s) || Number(s) < min || Number(s) > max) {
    throw new ApiError(10101, 'setting.range', { name, min: String(min), max: String(max) });
  }
  return String(Number(s));
}

function textValue(name: string, v: RawSetting): string {
  if (typeof v === 'boolean') throw new ApiError(10101, 'setting.tooLong', { name, max: String(MAX_TEXT) });
  const s = String(v).trim();
  if ([...s].length > MAX_TEXT) throw new ApiError(10101, 'setting.tooLong', { name, max: String(MAX_TEXT) });
  return s;
}

/** An absolute http(s) address, stored without the trailing slash so links are `<site_url>/…`. */
function siteUrlValue(s: string): string {
  if (s === '') return '';
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new ApiError(10101, 'setting.siteUrl');
  }
  const bad = (url.protocol !== 'http:' && url.protocol !== 'https:') || s.includes('?') || s.includes('#') || url.username !== '' || url.password !== '';
  if (bad || !/^https?:\/\//i.test(s)) throw new ApiError(10101, 'setting.siteUrl');
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

/** `dwg, .Sketch ,x3d` → `dwg,sketch,x3d`; the safe rules of upload-rules.ts still hold for every one. */
function extensionsValue(s: string): string {
  const list = [...new Set(s.split(/[,，\s]+/).map((e) => e.trim().replace(/^\.+/, '').toLowerCase()).filter((e) => e !== ''))];
  const invalid = list.filter((e) => !/^[a-z0-9]{1,16}$/.test(e));
  if (invalid.length) throw new ApiError(10101, 'setting.extensionsInvalid', { list: invalid.join(', ') });
  const blocked = list.filter((e) => isBlockedExtension(e));
  if (blocked.length) throw new ApiError(10101, 'setting.extensionsBlocked', { list: blocked.join(', ') });
  return list.join(',');
}

async function requirePublicItem(db: Kysely<DB>, ref: string): Promise<void> {
  let q = db.selectFrom('item').select(['item_id', 'password']).where('is_del', '=', 0);
  q = /^\d{1,15}$/.test(ref) ? q.where('item_id', '=', Number(ref)) : q.where('item_domain', '=', ref);
  const item = ref === '' ? undefined : await q.executeTakeFirst();
  if (!item || item.password !== '') throw new ApiError(10101, 'setting.homeItem', { item: ref });
}
