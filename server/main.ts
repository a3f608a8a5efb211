import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { LISTEN_BACKLOG } from './http/timeouts.js';
import { installGracefulShutdown } from './health/shutdown.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './context.js';

// The other commands' modules (backups with yazl and yauzl, the ShowDoc importer, storage moves) load only
// when their command runs: `folio start` would otherwise hold them all its life (issue 21: idle memory).
const userCli = () => import('./modules/admin/user-cli.js');
const settingCli = () => import('./modules/admin/setting-cli.js');
const backupCli = () => import('./backup/cli.js');
const storageCli = () => import('./storage/migrate-cli.js');
const showdocImportCli = () => import('./modules/showdocImport/cli.js');

async function usage(): Promise<string> {
  const [{ USER_USAGE }, { SETTINGS_USAGE }, { BACKUP_USAGE }, { STORAGE_USAGE }, { IMPORT_SHOWDOC_USAGE }] = await Promise.all([userCli(), settingCli(), backupCli(), storageCli(), showdocImportCli()]);
  return `Usage: folio <command>

  start                          migrate the database and serve Folio (PORT, default 4999)
  migrate                        bring the database schema up to date
  create-admin <username>        make an administrator: promotes an existing user, or creates one
                                 with a password read from standard input (or a printed random one)
${BACKUP_USAGE}${STORAGE_USAGE}${USER_USAGE}${SETTINGS_USAGE}${IMPORT_SHOWDOC_USAGE}`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const config = withDefaultWebDir(loadConfig());
  switch (command) {
    case 'start':
      return start(config);
    case 'migrate': {
      const database = openDatabase(config.databaseUrl);
      const applied = await migrateToLatest(database);
      await database.close();
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
      return 0;
    }
    case 'create-admin': {
      const username = args[0];
      if (!username) {
        console.error(await usage());
        return 2;
      }
      const { createAdmin } = await import('./modules/user/admin-cli.js');
      return createAdmin(config, username, await readStdinIfPiped());
    }
    case 'user': {
      const { runUserCommand, userCommandReadsStdin } = await userCli();
      const database = openDatabase(config.databaseUrl);
      try {
        await migrateToLatest(database);
        const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
        const password = userCommandReadsStdin(args) ? await readStdinIfPiped() : null;
        return await runUserCommand({ store: database, clock: systemClock, timeZone: config.timeZone, io }, args, password);
      } finally {
        await database.close();
      }
    }
    case 'settings': {
      const { runSettingsCommand } = await settingCli();
      const database = openDatabase(config.databaseUrl);
      try {
        await migrateToLatest(database);
        return await runSettingsCommand(database.db, args, { out: (line) => console.log(line), err: (line) => console.error(line) });
      } finally {
        await database.close();
      }
    }
    case 'backup':
      return (await backupCli()).runBackupCommand(config, args, { out: (line) => console.log(line), err: (line) => console.error(line) });
    case 'restore':
      return (await backupCli()).runRestoreCommand(config, args, { out: (line) => console.log(line), err: (line) => console.error(line) });
    case 'storage':
      return (await storageCli()).runStorageCommand(config, args, { out: (line) => console.log(line), err: (line) => console.error(line) });
    case 'import-showdoc':
      return (await showdocImportCli()).runImportShowdocCommand(config, systemClock, args, { out: (line) => console.log(line), err: (line) => console.error(line) });
    default:
      console.error(await usage());
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
}

async function start(config: Config): Promise<number> {
  const app = await buildApp(config);
  installGracefulShutdown(app);
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  console.log(`Folio is running on http://localhost:${config.port} (data in ${config.dataDir})`);
  return -1;
}

/** The bundle lives in dist/server; the built browser app beside it in dist/web. */
function withDefaultWebDir(config: Config): Config {
  if (config.webDir) return config;
  const candidate = fileURLToPath(new URL('../web/', import.meta.url));
  return fs.existsSync(`${candidate}index.html`) ? { ...config, webDir: candidate } : config;
}

async function readStdinIfPiped(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text.length ? text : null;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
