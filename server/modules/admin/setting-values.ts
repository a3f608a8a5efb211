import type { Kysely } from 'kysely';
import type { SiteConfig } from '../../../common/answers/admin.js';
import type { DB } from '../../db/tables.js';
import { readOptions, type OptionName } from '../common/options.js';

/**
 * The site settings of the admin console as the rest of the server reads them: each stored value
 * turned into its effective value, the default when never saved or when a stored value is not one
 * the console could have saved (a hand-edited table, a ShowDoc import). Reads go through the options
 * cache (common/options.ts), so these are cheap on hot paths.
 */

export const SITE_CONFIG_KEYS = [
  'register_open',
  'home_page',
  'home_item',
  'beian',
  'history_version_count',
  'show_watermark',
  'force_login',
  'site_url',
  'upload_max_mb',
  'upload_extensions',
  'item_member_max',
  'create_sample',
  'strong_password_enabled',
] as const satisfies readonly (keyof SiteConfig & OptionName)[];

export type SiteConfigKey = (typeof SITE_CONFIG_KEYS)[number];

export const SITE_DEFAULTS: SiteConfig = {
  register_open: 1,
  home_page: '1',
  home_item: '',
  beian: '',
  history_version_count: 20,
  show_watermark: 0,
  force_login: 0,
  site_url: '',
  upload_max_mb: 4,
  upload_extensions: '',
  item_member_max: 0,
  create_sample: 1,
  strong_password_enabled: 0,
};

export const FLAG_KEYS = ['register_open', 'show_watermark', 'force_login', 'create_sample', 'strong_password_enabled'] as const;

/**
 * The ranges of the numeric settings, inclusive (common/answers/admin.ts). History stops at the page
 * writer's MAX_HISTORY_KEEP (page/history.ts, 200), not the 1000 the contract's comment names: a value the
 * writer would silently cut is refused instead (a test keeps the two equal).
 */
export const NUMBER_RANGES = {
  history_version_count: [1, 200],
  upload_max_mb: [1, 100],
  item_member_max: [0, 100000],
} as const;

export const HOME_PAGE_MODES = ['1', '2', '3'] as const;

function effectiveNumber(key: keyof typeof NUMBER_RANGES, stored: string | undefined): number {
  const [min, max] = NUMBER_RANGES[key];
  if (stored === undefined || !/^\d{1,9}$/.test(stored.trim())) return SITE_DEFAULTS[key];
  const n = Number(stored);
  return n >= min && n <= max ? n : SITE_DEFAULTS[key];
}

/** What is stored, read as the console shows it. */
export function effectiveSiteConfig(stored: Partial<Record<SiteConfigKey, string>>): SiteConfig {
  const flag = (key: (typeof FLAG_KEYS)[number]) => {
    const v = stored[key]?.trim();
    return v === '1' ? 1 : v === '0' ? 0 : SITE_DEFAULTS[key];
  };
  const homePage = stored.home_page?.trim() ?? '';
  return {
    register_open: flag('register_open'),
    home_page: (HOME_PAGE_MODES as readonly string[]).includes(homePage) ? homePage : SITE_DEFAULTS.home_page,
    home_item: stored.home_item ?? '',
    beian: stored.beian ?? '',
    history_version_count: effectiveNumber('history_version_count', stored.history_version_count),
    show_watermark: flag('show_watermark'),
    force_login: flag('force_login'),
    site_url: stored.site_url ?? '',
    upload_max_mb: effectiveNumber('upload_max_mb', stored.upload_max_mb),
    upload_extensions: stored.upload_extensions ?? '',
    item_member_max: effectiveNumber('item_member_max', stored.item_member_max),
    create_sample: flag('create_sample'),
    strong_password_enabled: flag('strong_password_enabled'),
  };
}

export async function readSiteConfig(db: Kysely<DB>): Promise<SiteConfig> {
  return effectiveSiteConfig(await readOptions(db, SITE_CONFIG_KEYS));
}

/** One effective setting. */
export async function siteSetting<K extends SiteConfigKey>(db: Kysely<DB>, key: K): Promise<SiteConfig[K]> {
  return effectiveSiteConfig(await readOptions(db, [key]))[key];
}

/**
 * The origin of links Folio builds (file addresses, exports): the admin's `site_url`, else the operator's
 * SITE_URL, else '' — links stay relative to wherever the page is read, never taken from the Host header
 * (security.md §1.18i).
 */
export async function siteOrigin(ctx: { db: Kysely<DB>; config: { siteUrl: string | null } }): Promise<string> {
  const fromSettings = await siteSetting(ctx.db, 'site_url');
  return fromSettings || ctx.config.siteUrl || '';
}
