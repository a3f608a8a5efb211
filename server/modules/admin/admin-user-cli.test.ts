import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser, registerUser, type TestUser } from '../../test/factories.js';
import { setSiteOption } from '../../test/page-factories.js';
import { runUserCommand, userCommandReadsStdin } from './user-cli.js';

/** `folio user list|add|passwd|disable|enable|promote|demote`, called as functions (main.ts only wires stdin and the database). */

let t: TestApp;
let root: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  root = await registerUser(t, { username: 'cli_root' });
});
afterAll(() => t?.close());

async function folioUser(args: string[], stdin: string | null = null) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runUserCommand(
    { store: t.database, clock: t.clock, timeZone: 'UTC', io: { out: (line) => out.push(line), err: (line) => err.push(line) } },
    args,
    stdin,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const account = (username: string) => t.database.db.selectFrom('user').selectAll().where('username', '=', username).executeTakeFirst();

describe('folio user', () => {
  it('add: with a password from standard input, or a random one printed once', async () => {
    expect(await folioUser(['add', 'cli_anna'], 'anna secret 1')).toEqual({ code: 0, out: 'Created cli_anna.', err: '' });
    expect(await account('cli_anna')).toMatchObject({ groupid: 2, is_disabled: 0, reg_time: t.clock.now() });
    expect((await loginUser(t, 'cli_anna', 'anna secret 1')).error_code).toBe(0);

    const random = await folioUser(['add', 'cli_ben']);
    expect(random.code).toBe(0);
    const password = /Password \(shown once, change it after logging in\): (\S+)/.exec(random.out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await loginUser(t, 'cli_ben', password)).error_code).toBe(0);
  });

  it('add and passwd follow the strong-password rule when the site has it; the random password passes it', async () => {
    await setSiteOption(t, 'strong_password_enabled', '1');
    try {
      expect((await folioUser(['add', 'cli_weak'], 'weak enough')).code).toBe(1);
      expect((await folioUser(['add', 'cli_strong'])).code).toBe(0);
      expect((await folioUser(['passwd', 'cli_strong'], 'weak enough')).code).toBe(1);
      expect((await folioUser(['passwd', 'cli_strong'], 'Str0ng!pass')).code).toBe(0);
    } finally {
      await setSiteOption(t, 'strong_password_enabled', null);
    }
  });

  it('add: refuses a taken name, a bad name and a bad password (exit 1), creating nothing', async () => {
    expect(await folioUser(['add', 'CLI_ANNA'], 'another secret')).toMatchObject({ code: 1, err: 'This username is already taken' });
    expect((await folioUser(['add', 'has space'], 'long enough')).code).toBe(1);
    expect(await folioUser(['add', 'cli_short'], 'short')).toMatchObject({ code: 1, err: 'The password must have at least 6 characters' });
    expect(await account('cli_short')).toBeUndefined();
  });

  it('passwd: sets the password from standard input and ends the sessions', async () => {
    const user = await registerUser(t, { username: 'cli_pw', password: 'old secret 1' });
    expect(await folioUser(['passwd', 'cli_pw'])).toMatchObject({ code: 2 });
    expect((await folioUser(['passwd', 'cli_pw'], 'short')).code).toBe(1);
    expect(await folioUser(['passwd', 'CLI_PW'], 'new secret 1')).toMatchObject({ code: 0, out: 'Password of cli_pw changed; its sessions have ended.' });
    expect((await t.call('user/info', {}, { token: user.token })).error_code).toBe(10102);
    expect((await loginUser(t, 'cli_pw', 'new secret 1')).error_code).toBe(0);
  });

  it('disable / enable', async () => {
    const user = await registerUser(t, { username: 'cli_off', password: 'off secret 1' });
    expect(await folioUser(['disable', 'cli_off'])).toMatchObject({ code: 0, out: 'cli_off is disabled.' });
    expect((await t.call('user/info', {}, { token: user.token })).error_code).toBe(10102);
    expect((await loginUser(t, 'cli_off', 'off secret 1')).error_code).toBe(10107);
    expect(await folioUser(['enable', 'cli_off'])).toMatchObject({ code: 0, out: 'cli_off is enabled.' });
    expect((await loginUser(t, 'cli_off', 'off secret 1')).error_code).toBe(0);
  });

  it('promote / demote, never the last active administrator', async () => {
    expect(await folioUser(['demote', 'cli_root'])).toMatchObject({ code: 1, err: 'This is the last active administrator: make another administrator first' });
    expect(await folioUser(['disable', 'cli_root'])).toMatchObject({ code: 1 });
    expect((await account('cli_root'))?.groupid).toBe(1);
    expect(await folioUser(['promote', 'cli_anna'])).toMatchObject({ code: 0, out: 'cli_anna is now an administrator.' });
    expect((await folioUser(['demote', 'cli_root'])).code).toBe(0);
    expect((await t.call('adminUser/getList', {}, { token: root.token })).error_code).toBe(10103);
    expect((await folioUser(['promote', 'cli_root'])).code).toBe(0);
    expect(await folioUser(['demote', 'cli_anna'])).toMatchObject({ code: 0, out: 'cli_anna is now an ordinary account.' });
  });

  it('list: every account with its role and status, never a password', async () => {
    await folioUser(['disable', 'cli_ben']);
    await folioUser(['add', 'cli_never'], 'never secret 1');
    const { code, out } = await folioUser(['list']);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toBe('uid\tusername\trole\tstatus\tlast login\tname\temail');
    expect(lines.find((l) => l.split('\t')[1] === 'cli_root')?.split('\t').slice(2, 4)).toEqual(['admin', 'active']);
    expect(lines.find((l) => l.split('\t')[1] === 'cli_ben')?.split('\t').slice(2, 5)).toEqual(['user', 'disabled', '2027-01-15 08:00:00']);
    expect(lines.find((l) => l.split('\t')[1] === 'cli_never')?.split('\t').slice(2, 5)).toEqual(['user', 'active', '-']);
    expect(lines.at(-1)).toMatch(/^\d+ account\(s\), 1 active administrator\(s\)\.$/);
    expect(out).not.toMatch(/argon2|\$2[aby]\$/);
  });

  it('unknown accounts exit 1, bad usage exits 2', async () => {
    expect(await folioUser(['disable', 'nobody_here'])).toMatchObject({ code: 1, err: 'No account named nobody_here.' });
    for (const args of [[], ['add'], ['frobnicate', 'x'], ['list', 'extra'], ['add', 'a', 'b']]) {
      expect((await folioUser(args)).code, args.join(' ')).toBe(2);
    }
    expect(userCommandReadsStdin(['add', 'x'])).toBe(true);
    expect(userCommandReadsStdin(['passwd', 'x'])).toBe(true);
    expect(userCommandReadsStdin(['list'])).toBe(false);
  });
});
