import { activeOssOptions, parseStoredOssSetting } from '../../storage/oss-setting.js';
import type { ImportJob, ImportKind } from './job.js';
import { hasTable, rowsOf } from './source.js';
import { int, text } from './values.js';
import { inKindTransaction } from './writer.js';

/** ShowDoc options Folio reads with the same meaning (common/options.ts); LDAP/OAuth2 kept as data for when Folio has them. */
const BROUGHT = new Set([
  'register_open',
  'home_page',
  'home_item',
  'beian',
  'site_url',
  'history_version_count',
  'show_watermark',
  'force_login',
  'strong_password_enabled',
  'oauth2_open',
  'oauth2_form',
  'ldap_open',
  'ldap_form',
  'login_secret_key',
  // The admin console's storage setting (storage/oss-setting.ts reads ShowDoc's JSON as it is).
  'oss_open',
  'oss_setting',
]);

/** Why the others are left behind. */
function whyNot(name: string): string {
  if (name === 'db_version_num') return "ShowDoc's own schema version";
  if (name === 'session_expire_days') return 'Folio sessions have a fixed lifetime (180 days)';
  if (name.startsWith('ai_') || name.startsWith('open_ai') || name.startsWith('open_api')) return 'Folio has no AI assistant';
  if (name === 'enable_public_square') return 'Folio has no public project square';
  return 'no Folio setting has this meaning';
}

/** Site settings that have a meaning in Folio; every other option is listed in the report with why. */
export const optionsKind: ImportKind = {
  name: 'settings',
  tables: ['options'],
  async run(job) {
    const oss: { open?: string; setting?: string } = {};
    await inKindTransaction(job, async (db) => {
      for (const row of rowsOf(job.source, 'options', 'option_id')) {
        const name = text(row.option_name).trim();
        let value = text(row.option_value);
        if (!BROUGHT.has(name)) {
          job.report.skipped('options', `option ${name} = ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)}: ${whyNot(name)}`);
          continue;
        }
        if (name === 'history_version_count') value = historyToKeep(job, value);
        if (name === 'oss_open') oss.open = value;
        if (name === 'oss_setting') oss.setting = value;
        if (db) {
          await db.deleteFrom('options').where('option_name', '=', name).execute();
          await db.insertInto('options').values({ option_name: name, option_value: value }).execute();
        }
        job.report.brought('options');
      }
    });
    if (oss.open?.trim() === '1' && activeOssOptions(oss.open, oss.setting) === null) storageNote(job, oss.setting);
  },
};

/**
 * ShowDoc stored files in the bucket when oss_open was on; Folio uses the bucket only when the setting is
 * complete by its rules. ShowDoc's Qiniu form had no region (ShowDoc asked Qiniu for it on every upload),
 * so such a site keeps new files in the local folder until the admin fills it in: the report says so.
 */
function storageNote(job: ImportJob, json: string | undefined): void {
  const type = parseStoredOssSetting(json).oss_type;
  job.report.note(
    'options',
    `oss_open: ShowDoc stored files in object storage (${type}), but its oss_setting lacks what Folio needs to connect` +
      `${type === 'qiniu' ? ' (Qiniu: the region)' : ''}; new files go to the local folder until an administrator completes the storage settings in the admin console`,
  );
}

/** Folio's ceiling of the setting (admin/setting-values.ts). */
const MOST_VERSIONS = 200;

/**
 * ShowDoc stores history_version_count but ignores it (it keeps 100 versions); Folio honours it, so a
 * page with more versions than the setting would lose the oldest on its next save. The setting is raised
 * to the most versions any page has (up to Folio's ceiling) and the report says so.
 */
function historyToKeep(job: ImportJob, value: string): string {
  const keep = int(value, 0);
  if (keep <= 0 || !hasTable(job.source, 'page_history')) return value;
  const most = Number(job.source.prepare('select coalesce(max(n), 0) from (select count(*) as n from page_history group by page_id)').pluck().get());
  if (most <= keep) return value;
  const raised = Math.min(most, MOST_VERSIONS);
  job.report.note(
    'options',
    `history_version_count: ShowDoc stored ${keep} but ignored it (it keeps up to 100 versions); raised to ${raised} so no page loses a version on its next save`,
  );
  return String(raised);
}
