import fs from 'node:fs';

/**
 * The built app's index.html with a page drawn into it (server/modules/page/first-paint.ts), read once:
 * the build writes it beside the assets whose hashed names it carries, and a new build means a restart.
 */
export interface AppShell {
  /**
   * The HTML with `title` (already escaped) as the document title and `page` just before the app's root
   * element, so the app renders beside it and removes it when it shows its own (web/features/reader/first-paint.ts).
   */
  withPage(title: string, page: string): string | null;
}

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

export function appShell(indexFile: string): AppShell {
  let html: string | null = null;
  return {
    withPage(title, page) {
      html ??= fs.readFileSync(indexFile, 'utf8');
      // A shell without the marks it is built with (a hand-edited index.html) is served as it is.
      if (!html.includes(ROOT) || !TITLE.test(html)) return null;
      return html.replace(TITLE, () => `<title>${title}</title>`).replace(ROOT, () => `<div id="first-paint">${page}</div>${ROOT}`);
    },
  };
}
