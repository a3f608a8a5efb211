import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { livePages, openProject, type OpenProject } from '../../test/open-helpers.js';

/**
 * scripts/folio-push.sh for real: the app listens on a loopback port, the script runs under the shells
 * CI images have (dash as `sh`, and bash) and talks to it with curl.
 */
const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/folio-push.sh');

let t: TestApp;
let baseUrl: string;
let workDir: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-push-'));
});
afterAll(async () => {
  await t?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

async function push(shell: 'sh' | 'bash', project: OpenProject, args: string[], key = project.key) {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', FOLIO_URL: baseUrl, FOLIO_API_KEY: key.api_key, FOLIO_API_TOKEN: key.api_token };
  try {
    const { stdout, stderr } = await run(shell, [SCRIPT, ...args], { env, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('scripts/folio-push.sh', () => {
  for (const shell of ['sh', 'bash'] as const) {
    it(`pushes a folder of markdown files under ${shell}: folders become catalogs, file names titles, text arrives as written`, async () => {
      const project = await openProject(t);
      const root = path.join(workDir, `md-${shell}`);
      const tricky = '# Tricky\n\na+b & c=d; 100% "quoted" \'single\' `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n中文 🚀\n';
      write(root, { 'README.md': '# Welcome\n', 'guide/Install & run.md': tricky, 'guide/api/v1/Endpoints.md': 'endpoints', 'notes.txt': 'not markdown' });
      const first = await push(shell, project, ['markdown', root]);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      const pages = await livePages(t, project.item.item_id);
      expect(pages.map((p) => p.page_title).sort()).toEqual(['Endpoints', 'Install & run', 'README']);
      expect(pages.find((p) => p.page_title === 'Install & run')?.page_content).toBe(tricky);
      const catalogs = await t.database.db.selectFrom('catalog').select(['cat_id', 'cat_name', 'level']).where('item_id', '=', project.item.item_id).orderBy('cat_id').execute();
      expect(catalogs.map((c) => [c.cat_name, c.level])).toEqual([
        ['guide', 2],
        ['api', 3],
        ['v1', 4],
      ]);
      expect(pages.find((p) => p.page_title === 'README')?.cat_id).toBe(0);

      // A second run updates the same pages; the old text goes to history.
      write(root, { 'README.md': '# Welcome back\n' });
      expect((await push(shell, project, ['markdown', root, 'Docs'])).code).toBe(0);
      const again = await push(shell, project, ['markdown', root]);
      expect(again.code).toBe(0);
      const after = await livePages(t, project.item.item_id);
      expect(after.filter((p) => p.page_title === 'README' && p.cat_id === 0)).toHaveLength(1);
      expect(after.find((p) => p.page_title === 'README' && p.cat_id === 0)?.page_content).toBe('# Welcome back\n');
    });
  }

  it('pushes the showdoc comments of a source tree, keeping & and +', async () => {
    const project = await openProject(t);
    const root = path.join(workDir, 'src');
    write(root, {
      'user.php': '<?php\n/**\n * showdoc\n * @catalog 用户\n * @title 登录 & 注册\n * @method post\n * @url https://api.example.com/login?a=1&b=2\n * @param username 必选 string 用户名\n * @return {"sum":"1+1"}\n */\nfunction login() {}\n/** an ordinary comment */\n',
      'lib/util.js': '/** showdoc\n * @title 工具\n * @url /util\n */\nexport const x = 1;\n',
      'plain.js': '// nothing to document\n',
      'image.bin': '\u0000\u0001binary /** showdoc\n * @title Binary\n */',
      'node_modules/dep/index.js': '/** showdoc\n * @title Vendored\n */',
      'huge.js': `/** showdoc\n * @title Huge\n */\n${'x'.repeat(1024 * 1024)}`,
    });
    const result = await push('sh', project, ['comments', root]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pages = await livePages(t, project.item.item_id);
    expect(pages.map((p) => p.page_title).sort()).toEqual(['工具', '登录 & 注册']);
    const login = pages.find((p) => p.page_title === '登录 & 注册');
    expect(login?.page_content).toContain('`https://api.example.com/login?a=1&b=2`');
    expect(login?.page_content).toContain('"sum": "1+1"');
  });

  it('fails loudly with a wrong token and names the file', async () => {
    const project = await openProject(t);
    const root = path.join(workDir, 'bad');
    write(root, { 'a.md': 'x' });
    const result = await push('sh', project, ['markdown', root], { ...project.key, api_token: 'wrong' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('failed  a.md');
    expect(result.stderr).toContain('10306');
    expect(await livePages(t, project.item.item_id)).toEqual([]);
  });

  it('explains its usage', async () => {
    const project = await openProject(t);
    const result = await push('sh', project, ['sideways']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage');
  });
});
