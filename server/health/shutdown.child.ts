/**
 * Run by shutdown.test.ts: a Folio app with one slow action, listening on a free port, with the graceful
 * shutdown `folio start` installs. Prints `listening <port>`, and `database closed` when its onClose ran.
 * Usage: node --import tsx shutdown.child.ts <dataDir>
 */
import path from 'node:path';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { defineRoute } from '../http/route.js';
import { installGracefulShutdown } from './shutdown.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: shutdown.child.ts <dataDir>');
const slow = defineRoute({
  path: 'test/slow',
  input: z.object({}),
  auth: 'none',
  get: 'read',
  handler: async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { finished: true };
  },
});
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { dataDir, databaseUrl: `sqlite:${path.join(dataDir, 'folio.db')}`, webDir: null });
const app = await buildApp(config, { logger: false, extraRoutes: [slow] });
app.addHook('onClose', async () => {
  process.stdout.write('database closed\n');
});
installGracefulShutdown(app, { graceMs: 5000 });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
