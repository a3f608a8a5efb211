import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdReaderTrims } from './vite-antd-trims';
import { markdownReaderTrims } from './vite-markdown-trims';
import { precompressPlugin } from './vite-precompress';
import { THEME_BOOT_SCRIPT } from '../common/theme-boot';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://127.0.0.1:4999';

/** Vite's usual bound for a chunk worth a warning. */
const CHUNK_WARNING_KB = 500;
/**
 * Libraries allowed to make a chunk bigger than that, because the app loads them only where they are
 * needed: the spreadsheet grid (about 2.7 MB) only in spreadsheet projects, mermaid's renderer and parser
 * only on a page with a diagram. Splitting them further would not load less: each is loaded whole.
 */
const LAZY_GIANTS = /node_modules[\\/](@fortune-sheet|mermaid|@mermaid-js|cytoscape[^\\/]*|langium|chevrotain[^\\/]*|vscode-[^\\/]+)[\\/]/;

/**
 * Vite's own warning would fire for the two lazy giants above on every build, a warning nobody can act
 * on (issue 23), so its limit is raised past them; this check keeps the 500 kB bound for everything else:
 * a chunk over it that is not made mostly of those libraries still warns.
 */
function largeChunkCheck(): Plugin {
  return {
    name: 'folio-large-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || output.code.length <= CHUNK_WARNING_KB * 1024) continue;
        const modules = Object.entries(output.modules);
        const lazy = modules.filter(([id]) => LAZY_GIANTS.test(id)).reduce((sum, [, m]) => sum + m.renderedLength, 0);
        const total = modules.reduce((sum, [, m]) => sum + m.renderedLength, 0);
        if (lazy * 2 < total) {
          this.warn(`${output.fileName} is ${Math.round(output.code.length / 1024)} kB: split it with a dynamic import() or a codeSplitting group`);
        }
      }
    },
  };
}

/** The theme mark before the first paint (common/theme-boot.ts), first thing in <head>. */
export function themeBoot(): Plugin {
  return {
    name: 'folio-theme-boot',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [themeBoot(), react(), antdReaderTrims(), markdownReaderTrims(), largeChunkCheck(), precompressPlugin()],
  build: {
    // Above the lazy giants (largeChunkCheck keeps the usual 500 kB for every other chunk).
    chunkSizeWarningLimit: 3000,
    outDir: '../dist/web',
    // scripts/bundle-size.mjs finds the reader's chunks through it (.vite/manifest.json, never served).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every screen loads and that change rarely: one long-cached file. antd stays with
          // the screens that use each component, so lazy screens keep their parts out of the first load.
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The Host header stays the dev server's, so the API's same-origin check accepts the browser's calls.
    proxy: {
      '/api': { target: apiServer },
      '/server': { target: apiServer },
    },
  },
  preview: { port: 4173 },
});
