import { isRelative, resolveInZip, splitLink } from './zip-paths.js';

/**
 * Links between the pages of a markdown zip (`[see](../guide/install.md#setup)`, with or without `.md`,
 * `./` prefixes, URL-encoded or Chinese names, `[ref]: a.md` definitions, `<a href>`). Pages get their
 * ids only when they are written, so the import finds the links here, from the zip's paths, and rewrites
 * them afterwards (apply-plan.ts) to the reader's address `/{item_id}/{page_id}#fragment`: the form the
 * reader's own links use, which keeps working when the project later gets or changes a personal domain.
 * A link to a file that is not a page of the zip is left as written, so a reader still sees it.
 * Fenced code blocks are examples, not links, and are left alone.
 */

export interface PageLink {
  /** Path in the zip of the page the link names. */
  entry: string;
  /** `#fragment` as written, '' when none. */
  fragment: string;
}

// The link is group 2; group 1 is everything before it in the match, so only the link itself is replaced.
const MARKDOWN_LINK = /(?<!!)(\[[^\]\n]*\]\(\s*)(<[^>\n]+>|[^)\s]+)/g;
const REFERENCE_DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]+>|\S+)/gm;
const HTML_LINK = /(<a\b[^>]*?\bhref\s*=\s*["'])([^"']+)/gi;
const PATTERNS = [MARKDOWN_LINK, REFERENCE_DEFINITION, HTML_LINK];
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

const unbracketed = (link: string) => (link.startsWith('<') && link.endsWith('>') ? link.slice(1, -1).trim() : link);

/** Names a page file may be linked by: as written, without its extension, or as its folder's README/index. */
const pageNames = (joined: string) => [joined, `${joined}.md`, `${joined}.markdown`, `${joined}/README.md`, `${joined}/index.md`];

/** Applies `edit` to the parts of `content` outside fenced code blocks. */
function outsideFences(content: string, edit: (text: string) => string): string {
  const lines = content.split('\n');
  const out: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (prose.length) out.push(edit(prose.join('\n')));
    prose = [];
  };
  for (const line of lines) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null && marker) {
      flush();
      fence = marker;
      out.push(line);
    } else if (fence !== null) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else {
      prose.push(line);
    }
  }
  flush();
  return out.join('\n');
}

/**
 * The links of `content` that name a page file of the zip: link as written → the page it names.
 * `baseDir` is the folder of the page's file ('' for the root); `pages` holds the zip paths of the pages.
 */
export function pageLinks(content: string, baseDir: string, pages: ReadonlySet<string>): Map<string, PageLink> {
  const found = new Map<string, PageLink>();
  outsideFences(content, (text) => {
    for (const pattern of PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const written = match[2];
        if (written === undefined || found.has(written)) continue;
        const link = unbracketed(written);
        if (!isRelative(link)) continue;
        const { file, fragment } = splitLink(link);
        if (file === '') continue;
        const entry = resolveInZip(file, baseDir, (name) => pages.has(name), pageNames);
        if (entry !== undefined) found.set(written, { entry, fragment });
      }
    }
    return text;
  });
  return found;
}

/** The content with each link as written replaced by its address (links not in `urls` stay as they are). */
export function rewritePageLinks(content: string, urls: ReadonlyMap<string, string>): string {
  if (urls.size === 0) return content;
  return outsideFences(content, (text) =>
    PATTERNS.reduce((current, pattern) => current.replace(pattern, (whole, before: string, link: string) => (urls.has(link) ? `${before}${urls.get(link)}` : whole)), text),
  );
}
