import path from 'node:path';
import type { Config } from '../config.js';
import { BackupRefused, runBackup } from './backup.js';
import { NotABackup } from './read-archive.js';
import { RestoreRefused, runRestore } from './restore.js';

export const BACKUP_USAGE = `  backup <file>                  write the database and every attachment to one new file (a zip),
                                 a consistent snapshot while the site keeps running (docs/backup.md)
  restore <file>                 restore a backup into this site, which must be empty (a new DATA_DIR
                                 or database; stop its server first); refuses a site in use (exit 3)
`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * `npm run folio` runs in the Folio folder; a relative file name means the folder the command was typed
 * in (npm passes it as INIT_CWD).
 */
function resolveFile(file: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), file);
}

export async function runBackupCommand(config: Config, args: string[], io: CliIo): Promise<number> {
  if (args.length !== 1 || !args[0]) {
    io.err('Usage: folio backup <file>');
    return 2;
  }
  const file = resolveFile(args[0]);
  try {
    const manifest = await runBackup(config, file, io);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    io.out(`Backed up ${rows} rows and ${manifest.uploads.count} attachments (${manifest.uploads.bytes} bytes) to ${file}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    io.err(error.message);
    return 3;
  }
}

export async function runRestoreCommand(config: Config, args: string[], io: CliIo): Promise<number> {
  if (args.length !== 1 || !args[0]) {
    io.err('Usage: folio restore <file>');
    return 2;
  }
  try {
    await runRestore(config, resolveFile(args[0]), io);
    io.out('Start Folio on this DATA_DIR / DATABASE_URL to serve the restored site.');
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused) && !(error instanceof NotABackup)) throw error;
    io.err(error.message);
    return 3;
  }
}
