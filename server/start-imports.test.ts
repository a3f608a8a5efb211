import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 21: the idle server stays under 100 MB RSS because heavy libraries load on first use
 * (`await import()` or a `createRequire` inside the function), not with server/main.ts. This walks the
 * static imports from main.ts, as the bundle's start does, and names any of them it reaches.
 */
const LOADED_ON_FIRST_USE = [
  '@aws-sdk/client-s3',
  'ioredis',
  'pg',
  'openid-client',
  'ldapts',
  'qrcode',
  'yaml',
  'yauzl',
  'yazl',
  'file-type',
  're2js',
  'markdown-it',
  'highlight.js',
  'katex',
  'docx',
  'mathml2omml',
  'exceljs',
  'svg-captcha',
  'node-sql-parser',
  '@apidevtools/swagger-parser',
  '@node-rs/argon2',
  'bcryptjs',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `import x from '…'`, `import { a } from '…'`, `export … from '…'`, `import '…'`; not `import type`.
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;

function staticPackagesFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(STATIC_IMPORT)) {
      if (specifier === undefined) continue;
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      else if (!specifier.startsWith('node:') && !packages.has(specifier)) packages.set(specifier, path.relative(root, file));
    }
  }
  return packages;
}

describe('what `folio start` loads at start', () => {
  it('reaches none of the libraries that load on first use', () => {
    const reached = staticPackagesFrom(path.join(root, 'server/main.ts'));
    const heavy = [...reached].filter(([specifier]) => LOADED_ON_FIRST_USE.some((name) => specifier === name || specifier.startsWith(`${name}/`)));
    expect(heavy.map(([specifier, file]) => `${specifier} (imported by ${file})`)).toEqual([]);
    // The walk itself works: the packages every request needs are reached.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['fastify', 'kysely', 'zod', 'better-sqlite3']));
  });
});
