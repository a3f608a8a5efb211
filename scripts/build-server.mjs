// Bundles the server into dist/server/main.js; packages stay in node_modules.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/ensure.mjs';

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(root, 'dist/server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// `npm start` rebuilds when a source is newer than this stamp (the web build runs first).
fs.writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
console.log('server bundle: dist/server/main.js');
