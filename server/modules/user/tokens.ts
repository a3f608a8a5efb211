import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppServices, SessionUser } from '../../context.js';
import type { DB } from '../../db/tables.js';
import { preparedQuery } from '../../db/prepared.js';

/** Tokens are 32 random bytes; only their SHA-256 is stored, so a copied database logs nobody in. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('hex');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function issueToken(services: AppServices, uid: number, ip: string): Promise<{ token: string; expiresIn: number }> {
  const now = services.clock.now();
  const token = newToken();
  const expiresIn = services.config.tokenTtlSeconds;
  await services.db.deleteFrom('user_token').where('uid', '=', uid).where('token_expire', '<', now).execute();
  await services.db
    .insertInto('user_token')
    .values({ uid, token: hashToken(token), token_expire: now + expiresIn, ip: ip.slice(0, 64), addtime: now, last_check_time: now })
    .execute();
  return { token, expiresIn };
}

const TOUCH_INTERVAL = 3600;

/** The token's row and its user; a disabled account's tokens are not honoured (10102 where a login is needed). */
const sessionByToken = preparedQuery<[tokenHash: string, now: number]>()((db, arg) =>
  db
    .selectFrom('user_token')
    .innerJoin('user', 'user.uid', 'user_token.uid')
    .select(['user_token.id as tokenId', 'user_token.last_check_time', 'user.uid', 'user.username', 'user.name', 'user.groupid'])
    .where('user_token.token', '=', arg(0))
    .where('user_token.token_expire', '>', arg(1))
    .where('user.is_disabled', '=', 0),
);

export async function findSession(services: AppServices, token: string): Promise<SessionUser | null> {
  if (!/^[0-9a-f]{16,256}$/i.test(token)) return null;
  const now = services.clock.now();
  const [row] = await sessionByToken(services.db, hashToken(token.toLowerCase()), now);
  if (!row) return null;
  // Remember when a token was last used, at most hourly, so reads do not become writes.
  if (now - row.last_check_time > TOUCH_INTERVAL) {
    await services.db.updateTable('user_token').set({ last_check_time: now }).where('id', '=', row.tokenId).execute();
  }
  return { uid: row.uid, username: row.username, name: row.name, groupid: row.groupid, tokenId: row.tokenId };
}

/** Ends the user's sessions: all of them, or all but the one still in use. */
export async function revokeTokens(db: Kysely<DB>, uid: number, keepTokenId?: number): Promise<void> {
  let q = db.deleteFrom('user_token').where('uid', '=', uid);
  if (keepTokenId !== undefined) q = q.where('id', '!=', keepTokenId);
  await q.execute();
}
