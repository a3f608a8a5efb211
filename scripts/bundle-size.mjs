// The reader's download budget (issue 21): what a cold load of a shared page (`/{item}/{page}`) fetches —
// the entry, the project screen's route chunk, the reader, the page's markdown renderer, every chunk they
// import statically and their CSS — must stay ≤ 250 KB brotli. Reads dist/web and Vite's manifest, prints a
// table, exits 1 above the budget. Sizes are deterministic (brotli quality 11, as the build writes them),
// so this can fail a build; times cannot. Usage: node scripts/bundle-size.mjs [--budget-kb N] [--dist dist/web]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './lib/ensure.mjs';

const distArg = process.argv.indexOf('--dist');
const webDir = distArg > 0 ? path.resolve(process.argv[distArg + 1]) : path.join(root, 'dist/web');
const manifestFile = path.join(webDir, '.vite/manifest.json');
const budgetArg = process.argv.indexOf('--budget-kb');
const BUDGET_KB = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 250;

/**
 * Manifest keys of what a shared page loads, in the order the browser reaches them. The interface texts the
 * app awaits before it renders are those of the first screen, a chunk per language: an English reader's count.
 * The other screens' texts follow after the first render (web/i18n/index.ts) and are not counted.
 */
const READER_ENTRIES = ['index.html', 'i18n/first-screen.en.ts', 'routes/ItemShow.tsx', 'features/reader/ProjectReader.tsx', 'features/reader/PageContent.tsx'];

if (!fs.existsSync(manifestFile)) {
  console.error(`✗ ${path.relative(root, manifestFile)} is missing: run \`npm run build\` first (build.manifest in web/vite.config.ts).`);
  process.exit(1);
}
/** @type {Record<string, { file: string, css?: string[], imports?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** Every file the entries pull in without a dynamic import(), each once. */
const files = new Map(); // file → the entry that first brought it
const seen = new Set();
function visit(key, via) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) {
    console.error(`✗ ${key} is not in the build manifest: update READER_ENTRIES in scripts/bundle-size.mjs`);
    process.exit(1);
  }
  if (!files.has(chunk.file)) files.set(chunk.file, via);
  for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, via);
  for (const imported of chunk.imports ?? []) visit(imported, via);
}
for (const entry of READER_ENTRIES) visit(entry, entry);

/** The brotli size as served: the build's .br when there is one, else the file compressed here the same way. */
function brotliSize(file) {
  const full = path.join(webDir, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  const input = fs.readFileSync(full);
  return zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } }).length;
}

const rows = [...files].map(([file, via]) => ({ file, via, raw: fs.statSync(path.join(webDir, file)).size, br: brotliSize(file) }));
rows.sort((a, b) => b.br - a.br);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const width = Math.max(...rows.map((r) => r.file.length), 'total'.length);
console.log(`Reader bundle (cold load of a shared page), brotli quality 11:`);
console.log(`  ${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'br KB'.padStart(7)}  first needed by`);
for (const r of rows) console.log(`  ${r.file.padEnd(width)}  ${kb(r.raw).padStart(8)}  ${kb(r.br).padStart(7)}  ${r.via}`);
const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0);
const totalBr = rows.reduce((sum, r) => sum + r.br, 0);
const js = rows.filter((r) => r.file.endsWith('.js')).reduce((sum, r) => sum + r.br, 0);
console.log(`  ${'total'.padEnd(width)}  ${kb(totalRaw).padStart(8)}  ${kb(totalBr).padStart(7)}  (${rows.length} files; JS ${kb(js)} KB, CSS ${kb(totalBr - js)} KB)`);

if (totalBr > BUDGET_KB * 1024) {
  console.error(`\n✗ the reader's JS + CSS is ${kb(totalBr)} KB brotli, above the ${BUDGET_KB} KB budget (issue 21): lazy-load what a reader does not need.`);
  process.exit(1);
}
console.log(`\n✓ ${kb(totalBr)} KB brotli, within the ${BUDGET_KB} KB budget`);
