// Bundles the server into dist/server/main.js; packages stay in node_modules, but for the few below.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/ensure.mjs';
import { zodWithoutLocales } from './lib/zod-without-locales.mjs';

// Chunk names carry a content hash: those of earlier builds would pile up beside the new ones.
const outdir = path.join(root, 'dist/server');
for (const name of fs.existsSync(outdir) ? fs.readdirSync(outdir) : []) {
  if (/^chunk-.*\.js(\.map)?$/.test(name)) fs.rmSync(path.join(outdir, name));
}

// Bundled in instead of loaded from node_modules: pure ESM packages of hundreds of small files, which
// cost memory and start time per module (kysely alone is 279 files). One copy each, tree-shaken, about
// 5–10 MB less RSS at idle and fewer files resolved at start (issue 21).
const BUNDLED = new Set(['kysely', 'zod']);
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  plugins: [zodWithoutLocales],
  entryPoints: [path.join(root, 'server/main.ts')],
  outdir,
  // Code behind an `await import()` (the Word export with docx, KaTeX and mathml2omml) goes to a chunk of
  // its own, with the packages it imports, so they load on first use instead of at start (issue 21: idle
  // memory). Chunks sit beside main.js, so `import.meta.url` resolves the same in all of them.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
// `npm start` rebuilds when a source is newer than this stamp (the web build runs first).
fs.writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
console.log('server bundle: dist/server/main.js');
