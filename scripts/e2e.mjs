// Browser tests: Debian's Chromium driven by playwright-core against the built app. One browser for
// the run (e2e/global-setup.ts); screenshots only of failures, or of every screen with E2E_SCREENSHOTS=1.
import fs from 'node:fs';
import { ensureBuilt, ensureDependencies, run, runOrExit } from './lib/ensure.mjs';

ensureDependencies();
// e2e/global-setup.ts drives Debian's old headless shell when it is there: the same Blink as Chromium without
// the desktop browser's compositor, it took the journeys from 374 s to 248 s of a two-core machine.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browsers = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : [HEADLESS_SHELL, '/usr/bin/chromium'];
if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL) && process.getuid?.() === 0) {
  // Playwright's own browser download cannot work on these machines; Debian's packages do.
  console.log('Installing Debian chromium-headless-shell for the browser tests…');
  run('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell', 'fonts-wqy-microhei'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
if (!browsers.some((b) => fs.existsSync(b))) {
  console.error(`No browser at ${browsers.join(' or ')}: install Debian's chromium-headless-shell (apt-get install chromium-headless-shell fonts-wqy-microhei) or set CHROMIUM_PATH.`);
  process.exit(1);
}
ensureBuilt();
runOrExit('npx', ['vitest', 'run', '--project', 'e2e']);
