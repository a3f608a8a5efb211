import { usernameKey, looksLikeEmail } from '../user/username.js';
import { importedIds } from './ids.js';
import type { ImportKind } from './job.js';
import { countRows, rowsOf } from './source.js';
import { int, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';

const KIND = 'users';

/**
 * ShowDoc's accounts with their password hashes and salts as stored: Folio's login verifies bcrypt
 * (`$2y$`) and legacy salted/unsalted MD5 and re-hashes to Argon2id on the first good login.
 * Sessions (`user_token`) are not brought: people log in again.
 */
export const usersKind: ImportKind = {
  name: KIND,
  tables: ['user', 'user_token'],
  async run(job) {
    const ids = importedIds(job);
    const keys = new Set<string>();
    await inKindTransaction(job, async (db) => {
      if (db) {
        // The command refuses a site with more than one account; a lone account made by
        // `folio create-admin` before the import gives way to ShowDoc's own (uids are kept).
        const existing = await db.selectFrom('user').select(['uid', 'username']).execute();
        for (const user of existing) {
          await db.deleteFrom('user').where('uid', '=', user.uid).execute();
          job.report.note('user', `Folio's own account "${user.username}" was removed: ShowDoc's accounts replace it`);
        }
      }
      const writer = new BatchWriter(job, db, 'user');
      for (const row of rowsOf(job.source, 'user', 'uid')) {
        const uid = int(row.uid);
        const username = wellFormedText(row.username).trim();
        if (uid <= 0) {
          job.report.skipped('user', `user row with uid ${text(row.uid)}: not a valid id`);
          continue;
        }
        if (!username) {
          job.report.skipped('user', `user ${uid}: empty username`);
          continue;
        }
        const key = usernameKey(username);
        if (keys.has(key)) {
          job.report.skipped('user', `user ${uid} "${username}": same name as an earlier account when case and width are ignored`);
          continue;
        }
        keys.add(key);
        const email = text(row.email).trim();
        await writer.add({
          uid,
          username,
          username_key: key,
          groupid: int(row.groupid, 2) === 1 ? 1 : 2,
          name: wellFormedText(row.name),
          avatar: text(row.avatar),
          avatar_small: text(row.avatar_small),
          email: email || (looksLikeEmail(username) ? username.toLowerCase() : ''),
          password: text(row.password),
          salt: text(row.salt),
          reg_time: int(row.reg_time),
          last_login_time: int(row.last_login_time),
          is_sso: int(row.is_sso) ? 1 : 0,
          // ShowDoc 3.9.2 has no disabled flag; later versions may.
          is_disabled: int(row.is_disabled ?? row.is_forbidden ?? 0) ? 1 : 0,
        });
        ids.users.set(uid, username);
        job.report.brought('user');
      }
      await writer.finish('uid');
    });
    job.report.skippedAll(
      'user_token',
      countRows(job.source, 'user_token'),
      'user_token (login sessions) are not brought: Folio stores only hashes of its own tokens; everyone logs in again with their ShowDoc password',
    );
  },
};
