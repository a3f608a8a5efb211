// `npm test`: every check, in the order a failure is cheapest to find.
import { ensureDependencies, runOrExit } from './lib/ensure.mjs';

ensureDependencies();
const started = Date.now();
const step = (name, command, args, env) => {
  console.log(`\n▶ ${name}`);
  runOrExit(command, args, env ? { env: { ...process.env, ...env } } : {});
};

step('typecheck (server)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('typecheck (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']);
step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
step('unit and API tests (SQLite)', 'npx', ['vitest', 'run', '--project', 'server', '--project', 'web'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server']);
} else {
  console.log('\n• TEST_DATABASE_URL is not set: PostgreSQL tests skipped (.ci/run sets it).');
}
step('build', 'npm', ['run', 'build']);
step('browser tests', 'node', ['scripts/e2e.mjs']);
console.log(`\n✓ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
