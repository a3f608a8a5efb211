import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { firstScreenEn } from './first-screen.en';

/**
 * A shared page's first screen renders with the first part of the interface texts only (issue 21); the
 * rest arrives after it. So the code of that screen, read from its source, must use texts of the first
 * part only, and every lazy part it loads must wait for the rest (`withAllTexts`) unless it is listed
 * here as part of the first screen. Otherwise a person could see a raw key such as `history.title`.
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the first screen's code starts: the entry, and the reader's chunks the app loads up front. */
const ENTRIES = ['main.tsx', 'routes/ItemShow.tsx', 'features/reader/ProjectReader.tsx', 'features/reader/PageContent.tsx'];
/** Lazy parts of the first screen: loaded without waiting for the rest of the texts, so they must not need them. */
const FIRST_SCREEN_LAZY = new Set([
  'routes/ItemShow.tsx',
  'routes/PageShow.tsx',
  'routes/SharedPage.tsx',
  'routes/NotFound.tsx',
  'features/reader/ProjectReader.tsx',
  'features/reader/SinglePage.tsx',
  'features/reader/PageContent.tsx',
  'features/reader/LoadFailure.tsx',
  'features/reader/TreeContextMenu.tsx',
  'features/reader/menu-icons.tsx',
  'features/reader/tool-dialog-code.ts',
  'features/reader/markdown/render.ts',
  'features/reader/markdown/enhance-math.ts',
  'features/reader/markdown/enhance-mermaid.ts',
  'features/runapi/page-body.ts',
  'features/runapi/api-page-body.ts',
  'components/lazy-modal/ModalHost.tsx',
  'components/lazy-feedback/MessageHost.tsx',
  'components/lazy-feedback/NotificationHost.tsx',
]);

// `import x from '…'`, `import { a } from '…'`, `export … from '…'`, `import '…'`; not `import type`.
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
const DYNAMIC_IMPORT = /(withAllTexts\()?import\(\s*'([^']+)'\s*\)/g;
const SECTION_USE = new RegExp(`['\`](${Object.keys(en).join('|')})\\.[A-Za-z]`, 'g');

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) => fs.existsSync(file)) ?? null;
}

function firstScreenCode() {
  const sections = new Map<string, string>(); // section → a file that uses it
  const ungated: string[] = [];
  const queue = ENTRIES.map((entry) => path.join(web, entry));
  const seen = new Set<string>();
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    const name = path.relative(web, file);
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      const target = specifier && resolve(file, specifier);
      if (target) queue.push(target);
    }
    // The texts' own chunks are what this is about.
    if (!name.startsWith('i18n/')) {
      for (const [, gated, specifier] of source.matchAll(DYNAMIC_IMPORT)) {
        const target = specifier && resolve(file, specifier);
        if (!target) continue;
        const lazyName = path.relative(web, target);
        if (FIRST_SCREEN_LAZY.has(lazyName)) queue.push(target);
        else if (!gated) ungated.push(`${name} → ${lazyName}`);
      }
    }
    for (const [, section] of source.matchAll(SECTION_USE)) if (section && !sections.has(section)) sections.set(section, name);
  }
  return { files: seen, sections, ungated };
}

describe("the first screen's texts (issue 21)", () => {
  const code = firstScreenCode();

  it('are all in the first download', () => {
    const missing = [...code.sections].filter(([section]) => !Object.hasOwn(firstScreenEn, section)).map(([section, file]) => `${section} (${file})`);
    expect(missing).toEqual([]);
    expect(code.files.size).toBeGreaterThan(30);
  });

  it('and every other part the first screen loads waits for the rest of the texts', () => {
    expect(code.ungated).toEqual([]);
  });
});
