import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, connectBrowser, createUser, newAdministrator, newPage, pageErrors, signedInPage } from './fixtures.js';

/**
 * The rendering cases of the attack catalogue (docs/security.md, D1–D9) in real Chromium: hostile
 * markdown and hostile names are shown on the screens that carry them, and nothing they hold runs.
 *
 * Every payload sets `window.__xss` (or opens a dialog) if it ever executes. The page's CSP would
 * block most inline handlers on its own, so each screen is also checked for what the sanitizer and
 * React must have removed before CSP ever had to act: no handler attribute, no script-capable URL,
 * no script, frame or object element, and no CSP report about a script the page tried to run.
 */

/** A name that breaks out of an attribute and adds a handler, as in D8. */
const hostile = (label: string) => `${label}"><img src=x onerror=__xss=1><b>`;

/** One page body with the D1–D7 vectors (rendering is the same on every screen that shows a page). */
const HOSTILE_MARKDOWN = [
  '# Hostile page',
  '',
  // D1: raw HTML that runs script when it is kept.
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"><circle r=1></circle></svg>',
  '<details open ontoggle="window.__xss = \'details\'">toggle</details>',
  '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  '<object data="data:text/html,<script>parent.__xss=1</script>"></object>',
  '<embed src="data:text/html,<script>parent.__xss=1</script>">',
  '<base href="//evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<form action="//evil.example/"><button id="evil-submit">Log in again</button></form>',
  '',
  // D2: links and autolinks with script schemes.
  '[js](javascript:window.__xss=1) [mixed](JaVaScRiPt:window.__xss=1) [tab](java&#x09;script:window.__xss=1)',
  '[data](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==) [vb](vbscript:msgbox(1)) <javascript:window.__xss=1>',
  '',
  // D3: a link to another site that asks for a new tab.
  '<a href="https://evil.example/" target=_blank>other site</a>',
  '',
  // D4: styles that could dress the page up as a login prompt.
  '<div style="position:fixed;inset:0;background:#fff" id="overlay">Log in again</div>',
  '<style>body { display: none }</style>',
  '',
  // D5: DOM clobbering.
  '<form id="userinfo"></form><img name="getElementById" src="/x.png"><a id="__proto__">p</a><div id="cookie">c</div>',
  '',
  // D6: diagrams and math asking for loose security.
  '```mermaid',
  '%%{init: {"securityLevel": "loose"}}%%',
  'graph TD; A-->B; click A call alert(1); click B "javascript:window.__xss=1"',
  '```',
  '',
  '$\\href{javascript:window.__xss=1}{math link}$',
  '',
  // D7: code that closes its own block.
  '```html',
  '</code></pre><script>window.__xss = "code"</script><img src=x onerror=window.__xss=1>',
  '```',
].join('\n');

/** Records dialogs and the CSP reports a payload would cause, before any app code runs. */
async function watch(context: BrowserContext): Promise<{ dialogs: string[] }> {
  await context.addInitScript(() => {
    const w = window as unknown as { __cspReports: string[] };
    w.__cspReports = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspReports.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const dialogs: string[] = [];
  context.on('page', (page) => page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  }));
  return { dialogs };
}

/** What would have run, or could run on a click: empty when the screen is harmless. */
function dangers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const w = window as unknown as { __xss?: unknown; __cspReports?: string[] };
    if (w.__xss !== undefined) found.push(`payload ran: ${String(w.__xss)}`);
    // Not script-src-attr: Chromium reports an inline handler as soon as any document parses it, and
    // DOMPurify parses every hostile page into an inert document before it strips the handlers there
    // (nothing in an inert document runs). Handlers that reach the page are found by the scan below.
    for (const report of w.__cspReports ?? []) if (/^(script-src(-elem)?|object-src|frame-src|child-src|default-src) /.test(report)) found.push(`CSP blocked ${report}`);
    for (const element of document.body.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (['script', 'iframe', 'frame', 'object', 'embed', 'base', 'meta'].includes(tag)) found.push(`<${tag}> in the body`);
      for (const { name, value } of element.attributes) {
        if (/^on/i.test(name)) found.push(`${name} on <${tag}>`);
        if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(name) && /^\s*(javascript|vbscript|data:text)/i.test(value)) found.push(`${name}=${value} on <${tag}>`);
      }
    }
    if (typeof document.getElementById !== 'function') found.push('document.getElementById clobbered');
    if (typeof document.cookie !== 'string') found.push('document.cookie clobbered');
    return found;
  });
}

describe('hostile content in the browser (catalogue D)', () => {
  let browser: Browser;
  let admin: { username: string; password: string };
  let itemId: number;
  let pageId: number;
  let teamId: number;
  let mockKey: string;

  beforeAll(async () => {
    browser = await connectBrowser();
    admin = await newAdministrator();
    const { page, context } = await signedInPage(browser, admin);
    await callApi(page, 'user/updateInfo', { name: hostile('User') });
    const created = await callApi<{ item_id: number }>(page, 'item/add', { item_type: 1, item_name: hostile('Project'), item_description: hostile('About') });
    itemId = Number(created.item_id);
    const catId = Number(await callApi<number>(page, 'catalog/save', { item_id: itemId, cat_name: hostile('Catalog'), parent_cat_id: 0 }));
    const saved = await callApi<{ page_id: number }>(page, 'page/save', { item_id: itemId, cat_id: catId, page_title: hostile('Page'), page_content: HOSTILE_MARKDOWN });
    pageId = Number(saved.page_id);
    await callApi(page, 'page/save', { item_id: itemId, cat_id: catId, page_id: pageId, page_title: hostile('Page'), page_content: `${HOSTILE_MARKDOWN}\n`, page_comments: hostile('Remark') });
    teamId = (await callApi<{ id: number }>(page, 'team/save', { team_name: hostile('Team') })).id;
    // A second account with a hostile display name, listed among the team's members.
    const member = await createUser();
    const signedIn = await signedInPage(browser, member);
    await callApi(signedIn.page, 'user/updateInfo', { name: hostile('Member') });
    await signedIn.context.close();
    await callApi(page, 'teamMember/save', { team_id: teamId, member_username: member.username });
    const upload = await page.request.post('/api/page/upload', {
      multipart: { item_id: String(itemId), page_id: String(pageId), file: { name: hostile('Attachment') + '.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') } },
    });
    expect(((await upload.json()) as { success?: number }).success).toBe(1);
    await callApi(page, 'adminMessage/addAnnouncement', { message_content: `Announcement <img src=x onerror=__xss=1><script>__xss=2</script><a href="javascript:__xss=3">link</a>` });
    mockKey = (await callApi<{ unique_key: string }>(page, 'mock/add', { page_id: pageId, path: '/xss', template: '{"html":"</script><script>window.__xss=1</script><img src=x onerror=window.__xss=2>"}' })).unique_key;
    await context.close();
  });
  afterAll(() => browser?.close());

  it('D1 · D2 · D3 · D4 · D5 · D6 · D7 · hostile page markdown renders in Chromium and nothing in it runs', async () => {
    const { page, context } = await signedInPage(browser, admin);
    const { dialogs } = await watch(context);
    await page.goto(`/${itemId}/${pageId}`);
    const body = page.locator('.reader-page-body');
    await expect.poll(() => body.getByRole('heading', { name: 'Hostile page' }).isVisible()).toBe(true);
    // The diagram and the math are drawn (lazily) before anything is judged.
    await expect.poll(() => body.locator('.md-mermaid svg').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => body.locator('.katex').count()).toBeGreaterThan(0);

    expect(await dangers(page)).toEqual([]);
    // D2: the script links stay text, or anchors without a script address (the scan above).
    // (`java&#x09;script:` becomes the relative address `java%09script:…`, which the browser resolves on this site.)
    const schemes = await body.locator('a[href]', { hasText: /^(js|mixed|tab|data|vb)$/ }).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).protocol));
    expect(schemes.filter((scheme) => scheme !== 'http:' && scheme !== 'https:')).toEqual([]);
    // D3: a link to another site cannot reach back through window.opener.
    for (const rel of await body.locator('a[target="_blank"]').evaluateAll((links) => links.map((a) => a.getAttribute('rel') ?? ''))) {
      expect(rel).toMatch(/noopener/);
    }
    // D4: no style attribute or style sheet from the page; the overlay text is ordinary text.
    expect(await body.locator('[style]:not(.md-mermaid *):not(.katex *)').count()).toBe(0);
    expect(await body.locator('style:not(.md-mermaid *)').count()).toBe(0);
    expect(await page.locator('body').isVisible()).toBe(true);
    // D5: no form, and the clobbering names did not land on window or document.
    expect(await body.locator('form').count()).toBe(0);
    expect(await page.evaluate(() => ({ userinfo: 'userinfo' in window, proto: Object.getPrototypeOf(window) !== null }))).toEqual({ userinfo: false, proto: true });
    // D6: mermaid's links and the TeX \href produced no anchors.
    expect(await body.locator('.md-mermaid a, .katex a').count()).toBe(0);
    // D7: the code block shows the markup as text.
    expect(await body.locator('pre code').filter({ hasText: '</code></pre><script>' }).count()).toBe(1);
    expect(await dangers(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  const screens: Array<{ name: string; url: () => string; shows: string }> = [
    { name: 'the project list', url: () => '/item/index', shows: 'Project"><img' },
    { name: 'the reader tree and breadcrumbs', url: () => `/${itemId}/${pageId}`, shows: 'Catalog"><img' },
    { name: 'the single page', url: () => `/page/${pageId}`, shows: 'Page"><img' },
    { name: 'the team list', url: () => '/team/index', shows: 'Team"><img' },
    { name: 'the team members', url: () => `/team/member/${teamId}`, shows: 'Member"><img' },
    { name: 'the attachment hub', url: () => '/attachment/index', shows: 'Attachment' },
    { name: 'the messages', url: () => '/message/index', shows: 'Announcement' },
    { name: 'the admin console', url: () => '/admin/index', shows: 'User"><img' },
  ];

  it.each(screens)('D8 · hostile names are shown as text on $name', async (screen) => {
    const { page, context } = await signedInPage(browser, admin);
    const { dialogs } = await watch(context);
    await page.goto(screen.url());
    await expect.poll(() => page.getByText(screen.shows).first().isVisible()).toBe(true);
    expect(await dangers(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('D8 · a hostile page title is text in the browser tab', async () => {
    const { page, context } = await signedInPage(browser, admin);
    const { dialogs } = await watch(context);
    await page.goto(`/${itemId}/${pageId}`);
    await expect.poll(() => page.title()).toContain('Page"><img');
    expect(await dangers(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('D9 · a mock answer holding </script><script> opened in the browser runs nothing', async () => {
    const { page, context } = await newPage(browser);
    const { dialogs } = await watch(context);
    for (const url of [`/server/mock-data/${mockKey}`, `/server/mock-path/${itemId}?path=/xss`]) {
      const res = await page.goto(url);
      expect(res?.headers()['content-type']).toBe('application/json; charset=utf-8');
      expect(await page.evaluate(() => document.contentType)).toBe('application/json');
      expect(await dangers(page)).toEqual([]);
    }
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
