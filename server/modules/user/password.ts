import crypto from 'node:crypto';
import { passwordHashCost } from '../../config.js';
import { ApiError } from '../../http/api-error.js';

/** ShowDoc's cap; checked before hashing so a megabyte password costs nothing. */
export const MAX_PASSWORD_BYTES = 100;
export const MIN_PASSWORD_LENGTH = 6;

// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read). Verifying reads the cost
// from the stored hash, so hashes made at another cost keep working.
const ARGON2 = { algorithm: 2, ...passwordHashCost() } as const;

export function checkNewPassword(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw new ApiError(10101, 'user.passwordTooLong');
  if ([...password].length < MIN_PASSWORD_LENGTH) throw new ApiError(10101, 'user.passwordTooShort');
}

// The hashers load with the first password checked or set, not at start (issue 21: idle memory).
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, ARGON2);
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is one of ShowDoc's older schemes and should be replaced by Argon2id. */
  needsRehash: boolean;
}

/** Verifies Argon2id, and — for accounts brought over from ShowDoc — bcrypt and its legacy salted MD5. */
export async function verifyPassword(stored: string, salt: string, password: string): Promise<PasswordCheck> {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return { ok: false, needsRehash: false };
  if (stored.startsWith('$argon2')) {
    const { verify } = await argon2();
    return { ok: await verify(stored, password).catch(() => false), needsRehash: false };
  }
  if (/^\$2[aby]\$/.test(stored)) {
    const { default: bcrypt } = await import('bcryptjs');
    const ok = await bcrypt.compare(password, stored.replace(/^\$2y\$/, '$2b$')).catch(() => false);
    return { ok, needsRehash: ok };
  }
  if (/^[0-9a-f]{32}$/i.test(stored)) {
    const inner = crypto.createHash('md5').update(password).digest('hex');
    const legacy = crypto.createHash('md5').update(Buffer.from(inner).toString('base64') + '576hbgh6' + salt).digest('hex');
    const ok = crypto.timingSafeEqual(Buffer.from(legacy), Buffer.from(stored.toLowerCase()));
    return { ok, needsRehash: ok };
  }
  return { ok: false, needsRehash: false };
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so "no such user" and "wrong password" look alike. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, '', password);
}
