import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import type { Lang } from '../../http/language.js';
import { siteSetting } from '../admin/setting-values.js';
import { checkNewPassword } from './password.js';

/**
 * A new password as the site accepts it: always the length rules of password.ts, and with the site
 * setting `strong_password_enabled` also ShowDoc's strong rule — 8+ characters with a lowercase letter,
 * an uppercase letter, a digit and a symbol. Like ShowDoc, the refusal lists everything missing at once.
 */
export const STRONG_MIN_LENGTH = 8;

const GAPS: { test: (p: string) => boolean; text: Record<Lang, string> }[] = [
  { test: (p) => [...p].length >= STRONG_MIN_LENGTH, text: { en: `at least ${STRONG_MIN_LENGTH} characters`, zh: `至少 ${STRONG_MIN_LENGTH} 位` } },
  { test: (p) => /\p{Ll}/u.test(p), text: { en: 'a lowercase letter', zh: '小写字母' } },
  { test: (p) => /\p{Lu}/u.test(p), text: { en: 'an uppercase letter', zh: '大写字母' } },
  { test: (p) => /\p{Nd}/u.test(p), text: { en: 'a digit', zh: '数字' } },
  { test: (p) => /[^\p{L}\p{N}\s]/u.test(p), text: { en: 'a symbol', zh: '特殊符号' } },
];

/** What a password lacks to be strong, in `lang`; empty when it is strong. */
export function strongPasswordGaps(password: string, lang: Lang): string[] {
  return GAPS.filter((gap) => !gap.test(password)).map((gap) => gap.text[lang]);
}

export async function checkPasswordPolicy(ctx: { db: Kysely<DB>; lang: Lang }, password: string): Promise<void> {
  checkNewPassword(password);
  if ((await siteSetting(ctx.db, 'strong_password_enabled')) !== 1) return;
  const gaps = strongPasswordGaps(password, ctx.lang);
  if (gaps.length) throw new ApiError(10101, 'user.passwordWeak', { missing: gaps.join(ctx.lang === 'zh' ? '、' : ', ') });
}
