import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser, registerUser, type TestUser } from '../../test/factories.js';

/** `user/updateEmail`: the user center shows and changes the e-mail address one signs in with. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  alice = await registerUser(t, { username: 'alice_mail', password: 'alice secret 1' });
  bob = await registerUser(t, { username: 'bob@example.com', password: 'bob secret 1' });
});
afterAll(() => t?.close());

const update = (user: TestUser, email: string, password = user.password) => t.call('user/updateEmail', { email, password }, { token: user.token });
const emailOf = async (user: TestUser) => ((await t.call('user/info', {}, { token: user.token })).data as { email: string }).email;

describe('changing the login e-mail', () => {
  it('sets the address user/info shows, and the account then signs in with it (any case)', async () => {
    expect(await emailOf(alice)).toBe('');
    expect((await update(alice, '  Alice.Liddell@Example.org ')).error_code).toBe(0);
    expect(await emailOf(alice)).toBe('alice.liddell@example.org');
    const login = await loginUser(t, 'ALICE.LIDDELL@example.org', alice.password);
    expect(login.error_code).toBe(0);
    expect((login.data as { uid: number }).uid).toBe(alice.uid);
  });

  it('needs the current password, checked through the login throttle (10208 when wrong or missing)', async () => {
    expect((await update(alice, 'other@example.org', 'wrong password 1')).error_code).toBe(10208);
    expect((await update(alice, 'other@example.org', '')).error_code).toBe(10208);
    expect(await emailOf(alice)).toBe('alice.liddell@example.org');
  });

  it('refuses an address that is not one', async () => {
    for (const bad of ['alice', 'alice@', '@example.org', 'a b@example.org', 'alice@example', '<script>@x.org']) {
      const res = await update(alice, bad);
      expect(res.error_code, bad).toBe(10101);
      expect(res.error_message).toMatch(/valid e-mail/i);
    }
    expect(await emailOf(alice)).toBe('alice.liddell@example.org');
  });

  it('refuses an address another account uses, as its e-mail or as its username', async () => {
    // bob registered with an e-mail username, which is also his e-mail.
    const taken = await update(alice, 'BOB@example.com');
    expect(taken.error_code).toBe(10101);
    expect(taken.error_message).toMatch(/already used/);
    await t.database.db.updateTable('user').set({ email: 'bob.second@example.com' }).where('uid', '=', bob.uid).execute();
    // Still bob's username: login would find bob first.
    expect((await update(alice, 'bob@example.com')).error_code).toBe(10101);
    expect((await update(alice, 'bob.second@example.com')).error_code).toBe(10101);
    expect(await emailOf(alice)).toBe('alice.liddell@example.org');
    // Keeping one's own address is no conflict.
    expect((await update(alice, 'alice.liddell@example.org')).error_code).toBe(0);
  });

  it('clears the address with an empty one: login by it stops working, by username still works', async () => {
    expect((await update(alice, '')).error_code).toBe(0);
    expect(await emailOf(alice)).toBe('');
    expect((await loginUser(t, 'alice.liddell@example.org', alice.password)).error_code).toBe(10210);
    expect((await loginUser(t, 'alice_mail', alice.password)).error_code).toBe(0);
  });

  it('is refused to directory (LDAP) accounts, whose address the directory keeps, and without a login', async () => {
    const carol = await registerUser(t);
    await t.database.db.updateTable('user').set({ is_sso: 1 }).where('uid', '=', carol.uid).execute();
    expect((await update(carol, 'carol@example.org')).error_code).toBe(10101);
    expect((await t.call('user/updateEmail', { email: 'x@example.org', password: 'x' })).error_code).toBe(10102);
    expect((await t.call('user/updateEmail', { email: 'x'.repeat(201), password: 'x' }, { token: alice.token })).error_code).toBe(10100);
  });
});
