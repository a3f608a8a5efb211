import { describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { PRODUCTION_PASSWORD_HASH, passwordHashCost } from '../../config.js';
import { hashPassword, verifyPassword } from './password.js';

describe('Argon2id cost', () => {
  it('is 19 MiB, 2 passes and 1 lane unless the test suite asks for less, and only under NODE_ENV=test', () => {
    const production = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
    expect(PRODUCTION_PASSWORD_HASH).toEqual(production);
    expect(passwordHashCost({})).toEqual(production);
    expect(passwordHashCost({ NODE_ENV: 'production' })).toEqual(production);
    expect(passwordHashCost({ NODE_ENV: 'production', FOLIO_PASSWORD_HASH: 'fast' })).toEqual(production);
    expect(passwordHashCost({ FOLIO_PASSWORD_HASH: 'fast' })).toEqual(production);
    expect(passwordHashCost({ NODE_ENV: 'test', FOLIO_PASSWORD_HASH: 'fast' }).memoryCost).toBeLessThan(production.memoryCost);
  });

  it('hashes at the cheap cost in tests, and verifies hashes made at the production cost', async () => {
    expect(await hashPassword('correct horse 1')).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    const stored = await hash('correct horse 1', { algorithm: 2, ...PRODUCTION_PASSWORD_HASH });
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, '', 'correct horse 1')).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword(stored, '', 'wrong horse 1')).toEqual({ ok: false, needsRehash: false });
  });
});
