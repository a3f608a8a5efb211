import { ApiError } from '../../http/api-error.js';
import { utf8Text } from './document.js';
import type { ImportPlan, PlannedPage } from './plan.js';
import type { ZipArchive } from './zip-reader.js';
import { imageLinks } from './zip-images.js';
import { pageLinks } from './zip-page-links.js';

/**
 * A zip of markdown files in folders (showdoc-behaviour.md §8.5 "markdown tree"): folders become
 * catalogs, every `.md` file a page titled by its name, merged by title into what is there; pages and
 * catalogs are written in name order. Other files are ignored, except images the pages link to.
 */

const gbk = new TextDecoder('gbk');

/** Folders tools add that are not part of anyone's documents. */
function ignored(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function markdownTreePlan(archive: ZipArchive, projectName: string): Promise<ImportPlan> {
  const mdPaths = archive.files
    .map((f) => f.path)
    .filter((p) => !ignored(p) && /\.(md|markdown)$/i.test(p))
    .sort(byName);
  if (mdPaths.length === 0) throw new ApiError(10101, 'import.zipNoPages');
  const files = await archive.read(mdPaths);
  const names = new Set(archive.files.map((f) => f.path));
  const pageFiles = new Set(mdPaths);
  const pages: PlannedPage[] = [];
  const wanted = new Set<string>();
  for (const path of mdPaths) {
    const data = files.get(path) ?? Buffer.alloc(0);
    const content = utf8Text(data) ?? gbk.decode(data);
    const parts = path.split('/');
    const file = parts.pop() ?? '';
    const images = imageLinks(content, parts.join('/'), names);
    for (const entry of images.values()) wanted.add(entry);
    const links = pageLinks(content, parts.join('/'), pageFiles);
    pages.push({ path: parts, title: file.replace(/\.(md|markdown)$/i, ''), content, entry: path, ...(images.size ? { images } : {}), ...(links.size ? { pageLinks: links } : {}) });
  }
  const imageData = await archive.read([...wanted]);
  return {
    project: { name: projectName, description: '', itemType: 1 },
    catalogs: [],
    pages,
    images: [...imageData].map(([path, data]) => ({ path, data })),
  };
}
