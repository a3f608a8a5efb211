import { isRelative, resolveInZip, splitLink } from './zip-paths.js';

/**
 * Images a markdown page links to by a relative path inside its zip (`![x](img/a.png)`,
 * `<img src="img/a.png">`). Only raster-image names are looked at; the bytes are checked like any
 * upload before they are stored.
 */

const IMAGE_NAME = /\.(png|jpe?g|gif|webp|bmp|ico)$/i;
const MARKDOWN_IMAGE = /!\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"'\n]*["'])?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi;

/**
 * The links of `content` that name an image file of the zip: link as written → entry path. `baseDir`
 * is the folder of the page's file ('' for the root); a link that climbs out of the zip is ignored.
 */
export function imageLinks(content: string, baseDir: string, files: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  const consider = (link: string) => {
    if (found.has(link) || !isRelative(link)) return;
    const { file } = splitLink(link);
    if (!IMAGE_NAME.test(file)) return;
    const entry = resolveInZip(file, baseDir, (name) => files.has(name));
    if (entry !== undefined) found.set(link, entry);
  };
  for (const match of content.matchAll(MARKDOWN_IMAGE)) if (match[1]) consider(match[1]);
  for (const match of content.matchAll(HTML_IMAGE)) if (match[1]) consider(match[1]);
  return found;
}

/** The content with each image link replaced by its stored address. */
export function rewriteImageLinks(content: string, urls: ReadonlyMap<string, string>): string {
  if (urls.size === 0) return content;
  const swap = (whole: string, link: string | undefined) => {
    const url = link === undefined ? undefined : urls.get(link);
    return url && link !== undefined ? whole.replace(link, url) : whole;
  };
  return content.replace(MARKDOWN_IMAGE, (whole, link: string) => swap(whole, link)).replace(HTML_IMAGE, (whole, link: string) => swap(whole, link));
}
