import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

/** Site-wide settings in ShowDoc's `options` table: string values, absent = default. */
export type OptionName =
  | 'register_open'
  | 'home_page'
  | 'home_item'
  | 'beian'
  | 'history_version_count'
  | 'show_watermark'
  | 'force_login'
  | 'site_url'
  | 'open_api_key'
  | 'open_api_host'
  | 'ai_model_name'
  | 'oss_open'
  | 'oss_setting'
  | 'ldap_open'
  | 'ldap_form'
  | 'oauth2_open'
  | 'oauth2_form'
  | 'login_secret_key'
  // Folio: collaborators per project (members), set by the admin; absent or 0 = unlimited.
  | 'item_member_max';

export async function readOptions<N extends OptionName>(db: Kysely<DB>, names: readonly N[]): Promise<Partial<Record<N, string>>> {
  if (names.length === 0) return {};
  const rows = await db.selectFrom('options').select(['option_name', 'option_value']).where('option_name', 'in', names).execute();
  const out: Partial<Record<N, string>> = {};
  for (const r of rows) out[r.option_name as N] = r.option_value;
  return out;
}

export async function readOption(db: Kysely<DB>, name: OptionName): Promise<string | undefined> {
  return (await readOptions(db, [name]))[name];
}

export async function writeOption(db: Kysely<DB>, name: OptionName, value: string): Promise<void> {
  await db
    .insertInto('options')
    .values({ option_name: name, option_value: value })
    .onConflict((oc) => oc.column('option_name').doUpdateSet({ option_value: value }))
    .execute();
}
