import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://127.0.0.1:4999';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: '../dist/web',
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
