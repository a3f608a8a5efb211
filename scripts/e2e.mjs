// Browser tests: Debian's Chromium driven by playwright-core against the built app. One browser for
// the run (e2e/global-setup.ts); screenshots only of failures, or of every screen with E2E_SCREENSHOTS=1.
import fs from 'node:fs';
import { ensureBuilt, ensureDependencies, run, runOrExit } from './lib/ensure.mjs';

ensureDependencies();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  // Playwright's own browser download cannot work on these machines; Debian's Chromium does.
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the browser tests…');
    run('apt-get', ['update', '-qq']);
    runOrExit('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-wqy-microhei'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error(`Chromium not found at ${chromium}: install Debian's chromium (apt-get install chromium fonts-wqy-microhei) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
ensureBuilt();
runOrExit('npx', ['vitest', 'run', '--project', 'e2e']);
