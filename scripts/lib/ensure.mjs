// Plain Node, no dependencies: these run on a fresh clone before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
}

const SOURCES = ['server', 'web', 'common', 'package-lock.json'];
const STAMP = path.join(root, 'dist', '.build-stamp');

function newestSourceTime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(full)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestSourceTime(path.join(entry, name)));
  }
  return newest;
}

/** Builds the web app and server bundle when they are missing or older than their sources. */
export function ensureBuilt() {
  const built = fs.existsSync(STAMP) && fs.existsSync(path.join(root, 'dist/web/index.html')) && fs.existsSync(path.join(root, 'dist/server/main.js'));
  if (built) {
    const stampTime = fs.statSync(STAMP).mtimeMs;
    if (SOURCES.every((s) => newestSourceTime(s) <= stampTime)) return;
  }
  console.log('Building Folio…');
  runOrExit('npm', ['run', 'build']);
}
