import type { DbCheck, UpdateCheck } from '../../../common/answers/admin.js';
import { serverMessages } from '../../../common/server-messages.js';
import type { AuthedCtx } from '../../context.js';
import { migrateToLatest } from '../../db/migrate.js';
import { FOLIO_VERSION } from '../../version.js';

/**
 * `adminUpdate/checkUpdate`: a read-only version check. Folio never downloads or replaces its own code
 * (ShowDoc's self-update is refused: adminUpdate/download and updateFiles). The source is an address an
 * operator chooses, FOLIO_UPDATE_URL, answering `{"version": "v1.2.0", "url": "https://…"}`; without one
 * the answer says none is configured. Read from the environment when asked, so setting it needs no code
 * path of its own in server/config.ts.
 */

const TIMEOUT_MS = 5000;
const MAX_ANSWER_BYTES = 64 * 1024;

type Fetch = typeof fetch;

/** `v1.10.0` > `v1.9.3`; text after the numbers (`-beta`) is ignored. */
export function isNewer(candidate: string, current: string): boolean {
  const parts = (v: string) => (/^v?(\d+(?:\.\d+)*)/i.exec(v.trim())?.[1] ?? '').split('.').map(Number);
  const a = parts(candidate);
  const b = parts(current);
  if (a.some(Number.isNaN)) return false;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

async function readSource(url: string, fetchImpl: Fetch): Promise<{ version: string; url: string }> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = await response.text();
  if (Buffer.byteLength(body) > MAX_ANSWER_BYTES) throw new Error('answer too large');
  const parsed = JSON.parse(body) as unknown;
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not a JSON object');
  const { version, url: link } = parsed as Record<string, unknown>;
  if (typeof version !== 'string' || !/^v?\d+(\.\d+)*([-+][\w.-]{0,40})?$/.test(version.trim())) throw new Error('no version in the answer');
  // Only a web address is passed on as a link: the console shows it to the administrator.
  const safeLink = typeof link === 'string' && /^https?:\/\/[^\s"'<>]{1,2000}$/i.test(link.trim()) ? link.trim() : '';
  return { version: version.trim(), url: safeLink };
}

export async function checkUpdate(ctx: AuthedCtx, env: NodeJS.ProcessEnv = process.env, fetchImpl: Fetch = fetch): Promise<UpdateCheck> {
  const text = serverMessages;
  const source = env.FOLIO_UPDATE_URL?.trim() ?? '';
  const base = { version: FOLIO_VERSION, new_version: '', url: '' };
  if (source === '') return { ...base, source_configured: 0, message: text['admin.updateNoSource'][ctx.lang] };
  try {
    if (!/^https?:\/\//i.test(source)) throw new Error('FOLIO_UPDATE_URL is not an http(s) address');
    const latest = await readSource(source, fetchImpl);
    if (!isNewer(latest.version, FOLIO_VERSION)) return { ...base, source_configured: 1, message: text['admin.upToDate'][ctx.lang] };
    return { version: FOLIO_VERSION, new_version: latest.version, url: latest.url, source_configured: 1, message: text['admin.updateAvailable'][ctx.lang].replace('{version}', latest.version) };
  } catch (error) {
    // Any failure (network, timeout, bad answer) is an answer for the administrator, never a server error.
    const reason = error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout' : error.message) : 'unknown error';
    return { ...base, source_configured: 1, message: text['admin.updateCheckFailed'][ctx.lang].replace('{reason}', reason.slice(0, 200)) };
  }
}

/** `update/checkDb`: applies any migration not applied yet (normally none: the server migrates as it starts). */
export async function checkDb(ctx: AuthedCtx): Promise<DbCheck> {
  const applied = await migrateToLatest({ db: ctx.db, dialect: ctx.dialect, close: () => Promise.resolve() });
  return { applied, pending: 0 };
}
