// First paint of a shared page in a cold Chromium (issue 21): starts the built server (dist/, `npm run build`
// first) on an empty data directory, makes a public project with a page through the API, then opens
// /{item}/{page} in a new browser profile five times and prints each time from navigation until the page
// title and its first paragraph are visible (on the page's own clock, and as Playwright saw it: the server
// draws them into the HTML), when the app's own reader has taken their place, and the medians. A report,
// never a test: times vary with the machine's load. Usage: npx tsx scripts/first-paint.ts [runs=5]
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.argv[2] ?? 5);
const PORT = 4980 + crypto.randomInt(15);
const base = `http://127.0.0.1:${PORT}`;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const TITLE = 'Payment webhooks';
const FIRST_PARAGRAPH = 'Every payment event is sent to your endpoint as a signed POST request.';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-first-paint-'));
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js'), 'start'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/common/version`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not start within 60 s');
}

async function api<T>(action: string, params: Record<string, string | number>, token?: string): Promise<T> {
  const body = new URLSearchParams(Object.entries({ ...params, ...(token ? { user_token: token } : {}) }).map(([k, v]) => [k, String(v)]));
  const answer = (await (await fetch(`${base}/api/${action}`, { method: 'POST', body })).json()) as { error_code: number; error_message?: string; data: T };
  if (answer.error_code !== 0) throw new Error(`${action}: ${answer.error_code} ${answer.error_message ?? ''}`);
  return answer.data;
}

/** The captcha's text, read where the server keeps it (as e2e/fixtures.ts does). */
function captchaText(captchaId: string): string {
  const db = new Database(path.join(dataDir, 'folio.db'), { readonly: true });
  try {
    return (db.prepare('select captcha from captcha where captcha_id = ?').get(captchaId) as { captcha: string }).captcha;
  } finally {
    db.close();
  }
}

async function seedSharedPage(): Promise<string> {
  const credentials = { username: 'first_paint', password: 'first-paint-1' };
  const captcha = async () => {
    const { captcha_id } = await api<{ captcha_id: number }>('common/createCaptcha', {});
    return { captcha_id: String(captcha_id), captcha: captchaText(String(captcha_id)) };
  };
  await api('user/registerByVerify', { ...credentials, confirm_password: credentials.password, ...(await captcha()) });
  const { user_token } = await api<{ user_token: string }>('user/loginByVerify', { ...credentials, ...(await captcha()) });
  const { item_id } = await api<{ item_id: number }>('item/add', { item_type: 1, item_name: 'Payments API', item_description: 'first paint' }, user_token);
  const words = Array.from({ length: 60 }, (_, i) => `Step ${i + 1}: the endpoint answers within the retry window.`).join('\n\n');
  const content = `${FIRST_PARAGRAPH}\n\n## Signature\n\n\`\`\`js\nconst ok = verify(body, header, secret);\n\`\`\`\n\n${words}\n`;
  const { page_id } = await api<{ page_id: number }>('page/save', { item_id, cat_id: 0, page_title: TITLE, page_content: content, s_number: 1 }, user_token);
  return `/${item_id}/${page_id}`;
}

/** `FIRST_PAINT_TRACE=1`: each run also prints when each request started and ended, to see what still waits on what. */
const TRACE = process.env.FIRST_PAINT_TRACE === '1';

async function requestTimeline(page: import('playwright-core').Page): Promise<string> {
  const rows = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const { name, startTime, responseEnd } = entry as PerformanceResourceTiming;
      return { name: new URL(name).pathname, start: Math.round(startTime), end: Math.round(responseEnd) };
    }),
  );
  return rows.map((row) => `  ${String(row.start).padStart(5)} → ${String(row.end).padStart(5)} ms  ${row.name}`).join('\n');
}

/**
 * Watches, inside the page, for the frame in which the title and the first paragraph are both on screen, and
 * keeps its time on the page's own clock (ms since the navigation started). Playwright's `waitFor` polls at
 * growing intervals (up to 500 ms apart), so the time seen from outside can be late by that much. A string,
 * not a function: tsx (esbuild) wraps inner functions in a `__name` helper the page does not have.
 */
const WATCH_FOR_TEXT = `(() => {
  const title = ${JSON.stringify(TITLE)};
  const paragraph = ${JSON.stringify(FIRST_PARAGRAPH)};
  const shown = (text, exact) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = (node.nodeValue || '').trim();
      if (exact ? value !== text : !value.includes(text)) continue;
      const parent = node.parentElement;
      const box = parent && parent.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0 && box.top < window.innerHeight && parent.checkVisibility()) return true;
    }
    return false;
  };
  // Then the frame in which the app's own reader has replaced the server's drawing (first-paint.ts in web/).
  const check = () => {
    if (window.__firstPaint === undefined && document.body && shown(title, true) && shown(paragraph, false)) window.__firstPaint = performance.now();
    if (window.__firstPaint !== undefined && !document.getElementById('first-paint') && document.querySelector('#root .reader-page-body') && shown(paragraph, false)) {
      window.__appReader = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function coldLoad(url: string): Promise<{ outside: number; inPage: number; app: number }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-first-paint-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: WATCH_FOR_TEXT });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByText(TITLE, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.getByText(FIRST_PARAGRAPH).first().waitFor({ state: 'visible', timeout: 15_000 });
    const outside = Date.now() - started;
    const inPage = await page.waitForFunction(() => (window as unknown as { __firstPaint?: number }).__firstPaint, undefined, { timeout: 15_000 });
    const app = await page.waitForFunction(() => (window as unknown as { __appReader?: number }).__appReader, undefined, { timeout: 15_000 });
    if (TRACE) console.log(await requestTimeline(page));
    return { outside, inPage: Math.round(Number(await inPage.jsonValue())), app: Math.round(Number(await app.jsonValue())) };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
  await waitForServer();
  const pagePath = await seedSharedPage();
  const outside: number[] = [];
  const inPage: number[] = [];
  const app: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const times = await coldLoad(`${base}${pagePath}`);
    outside.push(times.outside);
    inPage.push(times.inPage);
    app.push(times.app);
    console.log(
      `cold load ${run}: ${times.inPage} ms on the page's clock (first frame with both), ${times.outside} ms seen by Playwright; ` +
        `the app's reader in their place at ${times.app} ms`,
    );
  }
  console.log(
    `median of ${RUNS}: ${median(inPage)} ms from navigation start to the first frame showing the title and first paragraph ` +
      `(${median(outside)} ms from goto() to Playwright seeing them); the app's own reader at ${median(app)} ms; ` +
      `load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
