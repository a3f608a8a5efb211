import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, so the server sends them as
 * they are (@fastify/static `preCompressed`) instead of compressing the same bytes on every request with a
 * fast, weak setting (issue 21). Brotli's best quality (11) costs about a second per megabyte: it is kept for
 * what a reader downloads (scripts/bundle-size.mjs measures those files at 11) and for small files, while the
 * big lazy chunks (spreadsheet grid, diagrams, editor) get quality 5, a few per cent larger for a fraction of
 * the time. That took the web build from 44–77 s to about 20 s on the two-core build machine.
 */

/** Text formats; images and fonts in woff/woff2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|map|ttf|otf|webmanifest)$/i;

/** Smaller files go out as they are: the server's own threshold (server/http/compression.ts). */
const MIN_SIZE = 1024;

/** Files at most this big always get the best brotli: they are quick to compress. */
const SMALL_FILE = 100 * 1024;
const FAST_BROTLI_QUALITY = 5;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function precompress(file: string, best: boolean): Promise<void> {
  const input = await fs.readFile(file);
  const quality = best || input.length <= SMALL_FILE ? zlib.constants.BROTLI_MAX_QUALITY : FAST_BROTLI_QUALITY;
  const [br, gz] = await Promise.all([
    brotli(input, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(input, { level: best || input.length <= SMALL_FILE ? zlib.constants.Z_BEST_COMPRESSION : zlib.constants.Z_DEFAULT_COMPRESSION }),
  ]);
  // A variant that saves nothing would only cost the client a decoding step.
  if (br.length < input.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < input.length) await fs.writeFile(`${file}.gz`, gz);
}

/** Modules whose chunks (and everything they import statically) a cold load of a shared page fetches. */
const READER_MODULES = /[\\/]web[\\/](index\.html|i18n[\\/](en|zh-CN)\.ts|routes[\\/]ItemShow\.tsx|features[\\/]reader[\\/](ProjectReader|PageContent)\.tsx)$/;

/** The reader's files (JS and CSS), as bundle-size.mjs counts them, relative to the output folder. */
function readerFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string): void => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && (output.isEntry || (output.facadeModuleId && READER_MODULES.test(output.facadeModuleId)))) visit(output.fileName);
  }
  files.add('index.html');
  return files;
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  let best = new Set<string>();
  return {
    name: 'folio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      best = readerFiles(bundle);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      const sizes = await Promise.all(files.map(async (file) => ({ file, size: (await fs.stat(file)).size })));
      // Compression runs in libuv's pool (four threads), so all files at once keep every core busy.
      await Promise.all(sizes.filter(({ size }) => size >= MIN_SIZE).map(({ file }) => precompress(file, best.has(path.relative(outDir, file).split(path.sep).join('/')))));
    },
  };
}
