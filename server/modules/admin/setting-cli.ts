import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import { isSettingName, loadConfig, saveConfig } from './setting-service.js';
import { SITE_CONFIG_KEYS } from './setting-values.js';

/**
 * `folio settings …`: the site settings from the shell, for an operator locked out of the web console
 * (close registration, fix a wrong site URL). Values are checked by the console's own validation.
 * A running server sees a change within the options cache's lifetime (common/options.ts).
 */

export const SETTINGS_USAGE = `  settings get [key]             print one site setting, or all of them as key=value
  settings set <key> <value>     change a site setting (checked as the admin console checks it)
`;

export interface SettingsCliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one `settings` subcommand; the exit code: 0 done, 1 refused, 2 usage. */
export async function runSettingsCommand(db: Kysely<DB>, args: readonly string[], io: SettingsCliOutput): Promise<number> {
  const [sub, key, ...rest] = args;
  if (sub === 'get' && rest.length === 0) {
    const config = await loadConfig(db);
    if (key === undefined) {
      for (const name of SITE_CONFIG_KEYS) io.out(`${name}=${config[name]}`);
      return 0;
    }
    if (!isSettingName(key)) return unknown(io, key);
    io.out(String(config[key]));
    return 0;
  }
  if (sub === 'set' && key !== undefined && rest.length === 1) {
    if (!isSettingName(key)) return unknown(io, key);
    try {
      await saveConfig(db, { [key]: rest[0] });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      io.err(error.textIn('en'));
      return 1;
    }
    io.out(`${key}=${(await loadConfig(db))[key]}`);
    return 0;
  }
  io.err(`Usage:\n${SETTINGS_USAGE}`);
  return 2;
}

function unknown(io: SettingsCliOutput, name: string): number {
  io.err(new ApiError(10101, 'setting.unknown', { name, list: SITE_CONFIG_KEYS.join(', ') }).textIn('en'));
  return 2;
}
