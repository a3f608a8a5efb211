// An esbuild plugin for the server bundle (scripts/build-server.mjs).
/**
 * zod's `z` namespace re-exports every locale's error messages (`z.locales`, 64 modules, 700 KB of source
 * kept in memory by V8). Folio never reads them (its errors are its own, in English and Chinese; zod
 * itself loads English directly), so the locale index resolves to an empty module (issue 21: idle memory).
 */
export const zodWithoutLocales = {
  name: 'zod-without-locales',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-without-locales' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'zod-without-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};
