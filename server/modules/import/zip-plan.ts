import { ApiError } from '../../http/api-error.js';
import { parseJsonDocument, utf8Text } from './document.js';
import { markdownTreePlan } from './markdown-tree.js';
import type { ImportPlan } from './plan.js';
import { isShowDocJson, showDocPlan } from './showdoc-json.js';
import { imageLinks } from './zip-images.js';
import type { ZipArchive } from './zip-reader.js';

/**
 * Which of the three zip layouts an archive is, by what it contains (showdoc-behaviour.md §8.5):
 * ShowDoc's `info.json` (current export), `prefix_info.json` (older exports and ShowDoc's samples), or
 * plain markdown folders. A zip of the export's folder (`showdoc/info.json`) counts as the export.
 */

function infoFile(archive: ZipArchive): string | undefined {
  const paths = archive.files.map((f) => f.path);
  const roots = new Set(paths.map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/') + 1) : '')));
  const prefixes = roots.size === 1 ? ['', ...roots] : [''];
  for (const prefix of prefixes) {
    const here = paths.filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'));
    const current = here.find((p) => p.slice(prefix.length) === 'info.json');
    if (current) return current;
    const legacy = here.filter((p) => p.slice(prefix.length).endsWith('_info.json')).sort();
    if (legacy[0]) return legacy.find((p) => p.endsWith('prefix_info.json')) ?? legacy[0];
  }
  return undefined;
}

export async function zipPlan(archive: ZipArchive, projectName: string): Promise<ImportPlan> {
  const info = infoFile(archive);
  if (!info) return markdownTreePlan(archive, projectName);
  const data = (await archive.read([info])).get(info) ?? Buffer.alloc(0);
  const text = utf8Text(data);
  const parsed = text === null ? { ok: false as const } : parseJsonDocument(text);
  if (!parsed.ok || !isShowDocJson(parsed.value)) throw new ApiError(10101, 'import.showdocInvalid', { field: info });
  const plan = showDocPlan(parsed.value, projectName);

  // Images the pages link to by a path inside the zip, relative to the zip's root (or the info file's folder).
  const names = new Set(archive.files.map((f) => f.path));
  const base = info.includes('/') ? info.slice(0, info.lastIndexOf('/')) : '';
  const wanted = new Set<string>();
  for (const page of plan.pages) {
    const images = imageLinks(page.content, base, names);
    if (images.size === 0) continue;
    page.images = images;
    for (const entry of images.values()) wanted.add(entry);
  }
  const imageData = await archive.read([...wanted]);
  plan.images = [...imageData].map(([path, bytes]) => ({ path, data: bytes }));
  return plan;
}
