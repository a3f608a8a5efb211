import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FolioApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase } from '../test/test-database.js';

/** Security H4: request logs carry no tokens or passwords, wherever the client put them. */
describe('the request log', () => {
  const lines: string[] = [];
  let app: FolioApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { databaseUrl: database.url, webDir: null, secret: crypto.randomBytes(32).toString('hex') });
    app = await buildApp(config, { database, logStream: { write: (line) => lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const SECRET = 'Sup3rSecretValue';
  const requests = [
    { method: 'GET' as const, url: `/api/user/info?user_token=${SECRET}` },
    { method: 'GET' as const, url: `/server/index.php?s=/api/user/info&user_token=${SECRET}` },
    { method: 'GET' as const, url: `/server/index.php?s=/api/item/info/user_token/${SECRET}/item_id/1` },
    { method: 'GET' as const, url: `/api/item/info?item_id=1&_item_pwd=${SECRET}` },
    { method: 'POST' as const, url: '/api/user/loginByVerify', payload: `username=u&password=${SECRET}&captcha=${SECRET}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { method: 'POST' as const, url: '/api/user/info', headers: { authorization: `Bearer ${SECRET}`, 'x-api-token': SECRET, cookie: `folio_token=${SECRET}` } },
    { method: 'POST' as const, url: `/api/open/updatePage?api_key=${SECRET}&api_token=${SECRET}` },
  ];

  it('H4 · logs each request without the secrets in it', async () => {
    for (const request of requests) await app.inject(request);
    const log = lines.join('');
    expect(log).toContain('/api/user/info');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(SECRET);
  });
});
