// `npm test`: every check, in the order a failure is cheapest to find; ends with the time of each stage.
import { spawn } from 'node:child_process';
import { ensureDependencies, root, run } from './lib/ensure.mjs';

ensureDependencies();
const started = Date.now();
/** @type {{ name: string, seconds: number, status: string }[]} */
const stages = [];

function printTimes() {
  const width = Math.max(...stages.map((s) => s.name.length), 'total'.length);
  console.log('\nStage times');
  for (const s of stages) console.log(`  ${s.name.padEnd(width)}  ${s.seconds.toFixed(1).padStart(7)} s  ${s.status}`);
  console.log(`  ${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
}

const step = (name, command, args, env) => {
  console.log(`\n▶ ${name}`);
  const stageStarted = Date.now();
  const status = run(command, args, env ? { env: { ...process.env, ...env } } : {});
  stages.push({ name, seconds: (Date.now() - stageStarted) / 1000, status: status === 0 ? 'ok' : `failed (exit ${status})` });
  if (status !== 0) {
    console.error(`\n✗ ${name} failed: ${command} ${args.join(' ')} (exit ${status})`);
    printTimes();
    process.exit(status);
  }
};

/**
 * Runs checks side by side, printing each one's output when it ends: each fills the moments the others
 * leave a core idle (one waits on its database, another on the browser). A check is
 * [label, command, args, env?].
 */
async function together(name, checks) {
  console.log(`\n▶ ${name}`);
  const stageStarted = Date.now();
  const results = await Promise.all(
    checks.map(
      ([label, command, args, env]) =>
        new Promise((resolve) => {
          const checkStarted = Date.now();
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: env ? { ...process.env, ...env } : process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          const done = (status, text) => resolve({ label, status, output: text, seconds: (Date.now() - checkStarted) / 1000 });
          child.on('error', (err) => done(1, String(err)));
          child.on('close', (status) => done(status ?? 1, output));
        }),
    ),
  );
  for (const r of results) {
    console.log(`${r.status === 0 ? '✓' : '✗'} ${r.label} (${r.seconds.toFixed(1)} s)${r.output.trim() ? `\n${r.output.trimEnd()}` : ''}`);
  }
  const failed = results.filter((r) => r.status !== 0);
  stages.push({ name, seconds: (Date.now() - stageStarted) / 1000, status: failed.length ? `failed (${failed.map((r) => r.label).join(', ')})` : 'ok' });
  if (checks.length > 1) for (const r of results) stages.push({ name: `  ${r.label}`, seconds: r.seconds, status: r.status === 0 ? 'ok' : 'failed' });
  if (failed.length) {
    console.error(`\n✗ ${name} failed: ${failed.map((r) => r.label).join(', ')}`);
    printTimes();
    process.exit(1);
  }
}

// TypeScript 7's native compiler checks in a third of 5.9's time; typescript-eslint still needs 5.9's API,
// so both are installed and the checks call TypeScript 7 by its path (`npx tsc` may be either).
const tsc = 'node_modules/typescript-native/bin/tsc';
await together('typecheck, lint and build', [
  ['typecheck (server)', 'node', [tsc, '-p', 'tsconfig.json', '--noEmit']],
  ['typecheck (web)', 'node', [tsc, '-p', 'web/tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['build', 'npm', ['run', 'build']],
]);
// Needs the build above; sizes are deterministic, so the reader's download budget (issue 21's 250 KB, the
// script's default) can fail the run.
step('reader bundle size', 'node', ['scripts/bundle-size.mjs']);
// The multi-process tests start the bundle the build stage made (server/scale/folio-process.ts), not tsx.
step('unit and API tests (SQLite)', 'npx', ['vitest', 'run', '--project', 'server', '--project', 'web'], { TEST_DATABASE_URL: '', FOLIO_SERVER_BUNDLE: 'dist/server/main.js' });
if (process.env.TEST_DATABASE_URL) {
  // common/ holds no database code: its tests ran above and would only repeat themselves here. Not beside
  // the browser tests: tried, both took several times as long (the two-core machine is already full).
  // The two-server test starts the bundle the build stage made (server/scale/folio-process.ts).
  // Three workers: a test waiting on PostgreSQL leaves its core idle, which a third fills (93 → 86 s here).
  // The files below never open the run's database (the shutdown test starts an SQLite server of its own):
  // they ran above, and would only repeat themselves.
  const sameOnEveryDatabase = ['server/health/shutdown.test.ts', 'server/modules/mock/template-engine.test.ts', 'server/security/d-rendering.test.ts', 'server/test/import-cycles.test.ts'];
  step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server', '--maxWorkers', '3', '--exclude', 'common/**', ...sameOnEveryDatabase.flatMap((f) => ['--exclude', f])], {
    FOLIO_SERVER_BUNDLE: 'dist/server/main.js',
  });
} else {
  console.log('\n• TEST_DATABASE_URL is not set: PostgreSQL tests skipped (.ci/run sets it).');
}
step('browser tests', 'node', ['scripts/e2e.mjs']);
printTimes();
console.log(`\n✓ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
