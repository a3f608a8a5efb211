import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

/** How long one diagram may take to draw; past it the browser is closed and the rest stay source. */
const DRAW_TIMEOUT_MS = 15_000;
const LAUNCH_TIMEOUT_MS = 30_000;

/** Draws mermaid sources to PNG; null for a diagram it could not draw. */
export interface DiagramRenderer {
  render(source: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

/**
 * Mermaid needs a browser's DOM and layout, so diagrams are drawn in a headless Chromium the operator
 * named with FOLIO_MERMAID_CHROMIUM (docs/import-export.md). It runs only while an export that has
 * diagrams is being written, with one blank page: the network is cut off (every request aborted, so a
 * diagram cannot make the server fetch anything, security.md C17), mermaid runs with the reader's
 * `strict` settings, and the sandbox is on unless the server runs as root (Chromium refuses it there).
 * Any failure (Chromium or playwright-core missing, a crash, a timeout) leaves the diagrams as source.
 */
export class ChromiumMermaid implements DiagramRenderer {
  private page: Promise<Page | null> | null = null;
  private browser: Browser | null = null;
  private broken = false;
  private count = 0;

  constructor(private readonly executablePath: string) {}

  async render(source: string): Promise<Buffer | null> {
    if (this.broken) return null;
    const page = await (this.page ??= this.open());
    if (!page) return null;
    const id = `folio-mermaid-${++this.count}`;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), DRAW_TIMEOUT_MS);
    });
    try {
      const drawn = await Promise.race([this.draw(page, id, source), timeout]);
      if (drawn === 'timeout') {
        this.broken = true;
        await this.close();
        return null;
      }
      return drawn;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    await browser?.close().catch(() => undefined);
  }

  private async draw(page: Page, id: string, source: string): Promise<Buffer | null> {
    const ok = await page.evaluate(
      async ({ id, source }) => {
        const mermaid = (window as unknown as { mermaid: { render(id: string, text: string): Promise<{ svg: string }> } }).mermaid;
        const box = document.getElementById('box');
        if (!box) return false;
        box.innerHTML = '';
        try {
          const { svg } = await mermaid.render(id, source);
          box.innerHTML = svg;
          return true;
        } catch {
          document.getElementById(`d${id}`)?.remove();
          return false;
        }
      },
      { id, source },
    );
    if (!ok) return null;
    return page.locator('#box').screenshot({ type: 'png', timeout: DRAW_TIMEOUT_MS });
  }

  private async open(): Promise<Page | null> {
    try {
      const require = createRequire(import.meta.url);
      const mermaidScript = require.resolve('mermaid/dist/mermaid.min.js');
      // playwright-core and mermaid are dev dependencies (`npm start` installs them); loaded only here.
      const { chromium } = await import('playwright-core');
      this.browser = await chromium.launch({
        executablePath: this.executablePath,
        chromiumSandbox: process.getuid?.() !== 0,
        timeout: LAUNCH_TIMEOUT_MS,
        args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      });
      const context = await this.browser.newContext({ deviceScaleFactor: 2, offline: true, viewport: { width: 1000, height: 800 } });
      await context.route('**/*', (route) => route.abort());
      const page = await context.newPage();
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;background:#fff"><div id="box" style="display:inline-block;padding:8px"></div></body></html>');
      await page.addScriptTag({ path: mermaidScript });
      await page.evaluate(() => {
        const mermaid = (window as unknown as { mermaid: { initialize(config: Record<string, unknown>): void } }).mermaid;
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', htmlLabels: false, flowchart: { htmlLabels: false }, maxTextSize: 50_000 });
      });
      return page;
    } catch {
      this.broken = true;
      await this.close();
      return null;
    }
  }
}
