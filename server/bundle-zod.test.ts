import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the build scripts, without types
import { zodWithoutLocales } from '../scripts/lib/zod-without-locales.mjs';

/** Bundles `source` as scripts/build-server.mjs does (zod bundled in), with or without the plugin. */
async function bundle(source: string, plugins: unknown[]): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: plugins as never,
  });
  return result.outputFiles[0]?.text ?? '';
}

const localeModules = (code: string) => [...code.matchAll(/^\/\/ node_modules\/zod\/v4\/locales\/(\S+)$/gm)].map((m) => m[1]);

describe('the server bundle’s zod (issue 21: idle memory)', () => {
  it('leaves out every locale but the English one zod loads itself', async () => {
    const source = `import { z } from 'zod'; export const schema = z.object({ page_id: z.coerce.number() });`;
    expect(localeModules(await bundle(source, [])).length).toBeGreaterThan(40);
    expect(localeModules(await bundle(source, [zodWithoutLocales]))).toEqual(['en.js']);
  });

  it('still validates and explains in English', async () => {
    const code = await bundle(
      `import { z } from 'zod'; const r = z.object({ n: z.number() }).safeParse({ n: 'x' }); export const message = r.success ? '' : r.error.issues[0].message;`,
      [zodWithoutLocales],
    );
    const { message } = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { message: string };
    expect(message).toMatch(/expected number/i);
  });
});
