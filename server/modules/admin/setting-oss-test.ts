import type { Kysely } from 'kysely';
import type { OssTestResult, OssTestStep } from '../../../common/answers/storage.js';
import { serverMessages } from '../../../common/server-messages.js';
import type { DB } from '../../db/tables.js';
import type { Lang } from '../../http/language.js';
import { newBlobKey, type BlobStore } from '../../storage/blob-store.js';
import { checkOssSetting, OssSettingError, ossSettingToS3, parseStoredOssSetting } from '../../storage/oss-setting.js';
import { isS3ServiceError, s3BlobStore, type S3StoreOptions } from '../../storage/s3-store.js';
import { readOption } from '../common/options.js';
import { mergeOssForm, ossFieldError } from './setting-oss.js';
import type { TestOssConfigInput } from './setting-schema.js';

/**
 * `adminSetting/testOssConfig`: the form as typed (the stored secret when none is typed) puts a small
 * object, reads it back and deletes it, without saving anything. The answer says which step failed in
 * words an admin can act on: wrong keys, no such bucket, an endpoint that does not answer.
 */

/** Short limits: the admin is waiting for this answer. */
const TEST_TIMEOUTS = { connectMs: 3000, idleMs: 8000, attempts: 1 };
const PROBE = Buffer.from('Folio storage test\n');

export async function testOssConfig(
  db: Kysely<DB>,
  lang: Lang,
  input: TestOssConfigInput,
  bucketStore: (options: S3StoreOptions) => BlobStore = (options) => s3BlobStore(options),
): Promise<OssTestResult> {
  const setting = mergeOssForm(parseStoredOssSetting(await readOption(db, 'oss_setting')), input.oss_setting);
  try {
    checkOssSetting(setting, true);
  } catch (err) {
    if (!(err instanceof OssSettingError)) throw err;
    return answer(lang, 'setting', ossFieldError(err).textIn(lang));
  }
  const options = ossSettingToS3(setting);
  const store = bucketStore({ ...options, timeouts: TEST_TIMEOUTS });
  const key = newBlobKey();
  try {
    await store.put(key, PROBE);
    const back = await store.get(key);
    await store.remove(key);
    if (!back || !back.equals(PROBE)) return answer(lang, 'mismatch', '');
    return answer(lang, 'ok', options.endpoint ?? 'AWS S3');
  } catch (err) {
    return answer(lang, stepOf(err), detailOf(err));
  }
}

function answer(lang: Lang, step: OssTestStep, detail: string): OssTestResult {
  const text = serverMessages[`oss.test.${step}`][lang].replace('{detail}', detail);
  return { ok: step === 'ok' ? 1 : 0, step, message: text };
}

/** The SDK's error under s3-store's StorageUnavailable. */
function rootOf(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < 5 && e instanceof Error && e.cause !== undefined; i++) e = e.cause;
  return e;
}

const CREDENTIALS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidSecurity', 'AuthorizationHeaderMalformed', 'ExpiredToken', 'InvalidToken', 'CredentialsProviderError']);
const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_TLS_CERT_ALTNAME_INVALID']);

function stepOf(err: unknown): OssTestStep {
  const root = rootOf(err);
  if (isS3ServiceError(root)) {
    if (root.name === 'NoSuchBucket') return 'bucket';
    if (CREDENTIALS.has(root.name)) return 'credentials';
    if (root.name === 'AccessDenied' || root.$metadata.httpStatusCode === 403) return 'permission';
    return 'failed';
  }
  if (root instanceof Error) {
    const code = (root as NodeJS.ErrnoException).code ?? '';
    if (NETWORK.has(code) || root.name === 'TimeoutError' || /timed? ?out|socket hang up|ECONNREFUSED|ENOTFOUND/i.test(root.message)) return 'connect';
    if (CREDENTIALS.has(root.name)) return 'credentials';
  }
  return 'failed';
}

/** The service's own words (never a stack); capped so a long HTML error page stays out. */
function detailOf(err: unknown): string {
  const root = rootOf(err);
  let text = isS3ServiceError(root) ? `${root.name}: ${root.message}` : root instanceof Error ? `${(root as NodeJS.ErrnoException).code ?? root.name} ${root.message}` : String(root);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
