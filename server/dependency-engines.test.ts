import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// npm's own range matcher, already installed with the tools; typed here for the one call used.
const semver = createRequire(import.meta.url)('semver') as { minVersion(range: string): { version: string } | null; satisfies(version: string, range: string): boolean };

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

/** Issue 23: `npm ci` printed EBADENGINE warnings for dependencies that declare Node 22 while Folio says Node 20. */
describe('dependencies and the Node version Folio supports', () => {
  it('every locked package accepts the oldest Node that package.json promises', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = semver.minVersion(pkg.engines.node)?.version;
    expect(oldest).toBeTruthy();
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
    const refusing = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldest!, (entry.engines as { node: string }).node))
      .map(([where, entry]) => `${where}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
