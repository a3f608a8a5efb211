import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { readOption } from '../common/options.js';
import { runSettingsCommand } from './setting-cli.js';

/** `folio settings get|set`: the console's settings from the shell, with the console's validation. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSettingsCommand(t.database.db, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('settings get', () => {
  it('prints every effective setting as key=value, defaults included', async () => {
    const { code, out } = await run('get');
    expect(code).toBe(0);
    expect(out).toContain('register_open=1');
    expect(out).toContain('history_version_count=20');
    expect(out).toContain('site_url=');
    expect(out).toHaveLength(13);
  });

  it('prints one setting’s value', async () => {
    expect(await run('get', 'upload_max_mb')).toEqual({ code: 0, out: ['4'], err: [] });
  });

  it('refuses an unknown name, listing the known ones (exit 2)', async () => {
    const { code, err } = await run('get', 'open_api_key');
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^No setting is called “open_api_key”\. Settings: register_open, home_page/);
  });
});

describe('settings set', () => {
  it('closes registration from the shell; the API refuses sign-ups at once', async () => {
    expect(await run('set', 'register_open', '0')).toEqual({ code: 0, out: ['register_open=0'], err: [] });
    expect(await readOption(t.database.db, 'register_open')).toBe('0');
    const res = await t.call('user/registerByVerify', { username: 'shell_closed', password: 'correct horse 1', confirm_password: 'correct horse 1', ...(await t.solveCaptcha()) });
    expect(res.error_code).toBe(10101);
  });

  it('stores values as the console does (site_url without its trailing slash)', async () => {
    expect((await run('set', 'site_url', 'https://docs.example.com/')).out).toEqual(['site_url=https://docs.example.com']);
  });

  it('refuses what the console refuses, with its message (exit 1), and stores nothing', async () => {
    expect(await run('set', 'upload_max_mb', '500')).toEqual({ code: 1, out: [], err: ['upload_max_mb must be a whole number from 1 to 100'] });
    expect((await run('set', 'upload_extensions', 'php,exe')).err[0]).toMatch(/can never be allowed.*: php, exe$/);
    expect((await run('set', 'home_page', '3')).code).toBe(1);
    expect(await readOption(t.database.db, 'upload_max_mb')).toBeUndefined();
  });

  it('answers usage for a malformed command (exit 2)', async () => {
    for (const args of [[], ['set', 'beian'], ['set', 'beian', 'a', 'b'], ['get', 'beian', 'extra'], ['drop']]) {
      const { code, err } = await run(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(err[0], args.join(' ')).toMatch(/^Usage:/);
    }
  });
});
