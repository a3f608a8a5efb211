import type { Kysely } from 'kysely';
import type { OssConfig, OssSettingForm } from '../../../common/answers/storage.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import {
  checkOssSetting,
  credentialsOf,
  OssSetting,
  OssSettingError,
  parseStoredOssSetting,
  withCredentials,
} from '../../storage/oss-setting.js';
import { readOptions, writeOptions } from '../common/options.js';
import type { OssFormInput, SaveOssConfigInput } from './setting-schema.js';

/**
 * The admin console's storage setting: ShowDoc's `oss_open` and `oss_setting` options, through
 * `adminSetting/saveConfig` (as ShowDoc posts them) or Folio's `loadOssConfig|saveOssConfig`. The
 * secret never goes back to the browser, and an empty secret field keeps the stored one. Which store
 * is used follows from these options (storage/site-store.ts), unless the operator set FOLIO_STORAGE.
 */

export async function loadOssConfig(db: Kysely<DB>, storage: BlobStore): Promise<OssConfig> {
  const o = await readOptions(db, ['oss_open', 'oss_setting']);
  return { oss_open: o.oss_open?.trim() === '1' ? 1 : 0, oss_setting: present(parseStoredOssSetting(o.oss_setting)), active: await activeStore(storage) };
}

export async function saveOssConfig(db: Kysely<DB>, storage: BlobStore, input: SaveOssConfigInput): Promise<OssConfig> {
  await writeOptions(db, await ossValues(db, input.oss_open, input.oss_setting));
  return loadOssConfig(db, storage);
}

/** 'env' when the operator's FOLIO_STORAGE chose the store: the site store is the only one that answers `active`. */
async function activeStore(storage: BlobStore): Promise<string> {
  const site = storage as BlobStore & { active?: () => Promise<string> };
  return typeof site.active === 'function' ? site.active() : 'env';
}

function present(s: OssSetting): OssSettingForm {
  const { secret } = credentialsOf(s);
  return { ...s, secret: '', secretKey: '', secret_set: secret === '' ? 0 : 1 };
}

/**
 * The options to write for a save of either or both: the posted fields over the stored ones (a field
 * not sent keeps its value, an empty secret keeps the stored secret), checked in full when storage is
 * to be on. ApiError 10101 names the wrong field.
 */
export async function ossValues(
  db: Kysely<DB>,
  open: boolean | undefined,
  posted: OssFormInput | undefined,
): Promise<{ oss_open?: string; oss_setting?: string }> {
  const stored = await readOptions(db, ['oss_open', 'oss_setting']);
  const setting = mergeOssForm(parseStoredOssSetting(stored.oss_setting), posted);
  const on = open ?? stored.oss_open?.trim() === '1';
  try {
    checkOssSetting(setting, on);
  } catch (err) {
    if (err instanceof OssSettingError) throw ossFieldError(err);
    throw err;
  }
  return { ...(open !== undefined ? { oss_open: open ? '1' : '0' } : {}), ...(posted !== undefined ? { oss_setting: JSON.stringify(setting) } : {}) };
}

/**
 * The form as typed over what is stored. Folio's console types key/secret for every provider, ShowDoc's
 * types secretId/secretKey for Tencent COS; either is taken. An empty secret keeps the stored one,
 * unless the key is emptied too (a generic S3 store that takes the machine's role).
 */
export function mergeOssForm(stored: OssSetting, posted: OssFormInput | undefined): OssSetting {
  if (!posted) return stored;
  const given = Object.fromEntries(Object.entries(posted).filter(([, v]) => v !== undefined));
  const merged = OssSetting.parse({ ...stored, ...given });
  const cos = merged.oss_type === 'qcloud';
  const typedKey = cos && posted.secretId ? posted.secretId : posted.key;
  const typedSecret = ((cos && posted.secretKey) || posted.secret || '').trim();
  const key = typedKey !== undefined ? typedKey.trim() : credentialsOf(stored).key;
  const secret = typedSecret !== '' ? typedSecret : key === '' ? '' : credentialsOf(stored).secret;
  return withCredentials(merged, key, secret);
}

export function ossFieldError(err: OssSettingError): ApiError {
  if (err.field === 'secret_missing') return new ApiError(10101, 'oss.secretMissing');
  return new ApiError(10101, 'oss.fieldInvalid', { name: err.field });
}
