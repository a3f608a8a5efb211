import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject, onTestFailed, TestRunner } from 'vitest';
import { OPTIONS_CACHE_MS } from '../server/modules/common/options.js';

/** This worker's own Folio (e2e/global-setup.ts starts one per worker). */
function server(): { baseURL: string; dbFile: string } {
  const servers = inject('servers');
  const mine = servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
  if (!mine) throw new Error('no Folio server for this worker');
  return mine;
}

export const baseURL = (): string => server().baseURL;

/** The SQLite file of this worker's Folio, for fixtures that set up what no screen or API offers. */
export const dbFile = (): string => server().dbFile;

/** The run's one Chromium (started by global-setup.ts); closing what this returns only disconnects. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

export interface PageOptions {
  locale?: 'en-US' | 'zh-CN';
  viewport?: { width: number; height: number };
  /** The system's light or dark preference the app sees (prefers-color-scheme); light when not given. */
  colorScheme?: 'light' | 'dark';
}

/**
 * A fresh browser profile (no cookies, no stored language) on the app. It asks for reduced motion,
 * which the app honours by switching antd's animations off (AppProviders) and ending CSS transitions
 * at once (styles.css): a click can then never land on a menu or dialog still zooming in, whatever
 * the speed of the machine. If the test fails, the page is photographed as it was.
 */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  (page as Page & { errors: string[] }).errors = errors;
  const test = TestRunner.getCurrentTest();
  if (test) {
    const name = `failed-${test.name}`.replace(/[^\w-]+/g, '-').slice(0, 80);
    onTestFailed(async () => {
      if (!page.isClosed()) await savePicture(page, `${name}-${crypto.randomBytes(2).toString('hex')}`, false).catch(() => undefined);
    });
  }
  return { context, page };
}

/** Uncaught errors the page threw so far. */
export function pageErrors(page: Page): string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}

/** The answer of a captcha, as a person reads it off the image. */
export function captchaAnswer(captchaId: string): string {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select captcha from captcha where captcha_id = ?').get(captchaId) as { captcha: string } | undefined;
    if (!row) throw new Error(`no captcha ${captchaId}`);
    return row.captcha;
  } finally {
    db.close();
  }
}

/** The captcha the page currently shows, read from its image's address. */
export async function shownCaptchaId(page: Page): Promise<string> {
  const img = page.locator('img[src*="showCaptcha"]').first();
  await img.waitFor();
  const src = (await img.getAttribute('src')) ?? '';
  const id = new URL(src, baseURL()).searchParams.get('captcha_id');
  if (!id) throw new Error(`no captcha id in ${src}`);
  return id;
}

/**
 * Set-up calls come from an address of their own (the e2e server trusts X-Forwarded-For from
 * localhost), so the suite's many fixture captchas do not use up the per-address limits that the
 * browser's own requests from 127.0.0.1 are held to.
 */
function fixtureAddress(): Record<string, string> {
  return { 'x-forwarded-for': `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` };
}

/** Creates an account through the API (fixtures never click through set-up). */
export async function createUser(fields: { username?: string; password?: string } = {}): Promise<{ username: string; password: string }> {
  const username = fields.username ?? `e2e_${crypto.randomBytes(4).toString('hex')}`;
  const password = fields.password ?? 'e2e-password-1';
  const headers = fixtureAddress();
  const created = (await (await fetch(`${baseURL()}/api/common/createCaptcha`, { method: 'POST', headers })).json()) as { error_code: number; data?: { captcha_id: number } };
  if (!created.data) throw new Error(`no captcha for a new user: error ${created.error_code}`);
  const captcha_id = String(created.data.captcha_id);
  const body = new URLSearchParams({ username, password, confirm_password: password, captcha_id, captcha: captchaAnswer(captcha_id) });
  const res = (await (await fetch(`${baseURL()}/api/user/registerByVerify`, { method: 'POST', body, headers })).json()) as { error_code: number; error_message?: string };
  if (res.error_code !== 0) throw new Error(`could not create ${username}: ${res.error_message}`);
  return { username, password };
}

/**
 * A fresh administrator. The journeys share one server and run in no fixed order: the first account
 * registered is the administrator, and any later one is made one the way `folio create-admin` does.
 */
export async function newAdministrator(): Promise<{ username: string; password: string }> {
  const admin = await createUser();
  const db = new Database(dbFile(), { fileMustExist: true });
  try {
    db.prepare('update user set groupid = 1 where username = ?').run(admin.username);
  } finally {
    db.close();
  }
  return admin;
}

/**
 * Saves a screenshot under test-results/screens for a person to look at, when asked to
 * (`E2E_SCREENSHOTS=1`): each one costs a journey time, and a failing test is photographed anyway.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  // Screens with a sticky header read better as the visible part only.
  await savePicture(page, name, options.fullPage ?? true);
}

async function savePicture(page: Page, name: string, fullPage: boolean): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../test-results/screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * Picks `option` in an antd select and waits until the select shows it: the state the click
 * produces, not a time. antd keeps a hidden accessible copy of each option; the visible one carries
 * the title.
 */
export async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title=${JSON.stringify(option)}]`).click();
  const select = combobox.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await select.locator(`[title=${JSON.stringify(option)}]`).first().waitFor();
}

/** Sets a site option as the admin console will (the server reads options on every request). */
/**
 * Writes a site option straight into the running server's database, as another Folio process would, and
 * waits the documented time such a change takes to reach the server (its options cache lifetime).
 */
export async function setSiteOptions(values: Record<string, string | null>): Promise<void> {
  const db = new Database(dbFile(), { fileMustExist: true });
  try {
    for (const [name, value] of Object.entries(values)) {
      if (value === null) db.prepare('delete from options where option_name = ?').run(name);
      else db.prepare('insert into options (option_name, option_value) values (?, ?) on conflict (option_name) do update set option_value = excluded.option_value').run(name, value);
    }
  } finally {
    db.close();
  }
  await new Promise((resolve) => setTimeout(resolve, OPTIONS_CACHE_MS + 250));
}

export const setSiteOption = (name: string, value: string | null) => setSiteOptions({ [name]: value });

/** A browser profile already signed in as `user` (logs in through the API, so the cookie is the real one). */
export async function signedInPage(browser: Browser, user: { username: string; password: string }, options: PageOptions = {}) {
  const opened = await newPage(browser, options);
  const headers = fixtureAddress();
  const captcha_id = String(((await (await opened.page.request.post('/api/common/createCaptcha', { headers })).json()) as { data: { captcha_id: number } }).data.captcha_id);
  const res = await opened.page.request.post('/api/user/loginByVerify', {
    headers,
    form: { username: user.username, password: user.password, captcha_id, captcha: captchaAnswer(captcha_id) },
  });
  const body = (await res.json()) as { error_code: number; error_message?: string };
  if (body.error_code !== 0) throw new Error(`could not log in ${user.username}: ${body.error_message}`);
  return opened;
}

/** Calls the API as the page's signed-in user (fixtures set up data this way, journeys click). */
export async function callApi<T = unknown>(page: Page, action: string, params: Record<string, string | number> = {}): Promise<T> {
  const form = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const body = (await (await page.request.post(`/api/${action}`, { form })).json()) as { error_code: number; error_message?: string; data: T };
  if (body.error_code !== 0) throw new Error(`${action} failed: ${body.error_code} ${body.error_message}`);
  return body.data;
}
