import { describe, expect, it } from 'vitest';
import { itemKeys } from './item';
import { readerKeys } from './reader';

/**
 * Every query key comes from a key factory in web/api/, next to its fetcher, so what an invalidation
 * covers can be read from the factory. A literal key elsewhere is how the editor once depended on reader
 * keys happening to start with 'itemInfo'.
 */
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!./**', '!../**/*.test.ts', '!../**/*.test.tsx', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `queryKey: [` and `setQueryData([` / `getQueryData([` (with or without a type argument). */
const literalKey = /queryKey:\s*\[|(?:set|get)Quer(?:y|ies)Data\s*(?:<[^()]*>)?\(\s*\[/;

describe('query keys', () => {
  it('reads the sources of the app', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources).some((path) => path.startsWith('./'))).toBe(false);
  });

  it('are never written as literals outside web/api/', () => {
    const literals = Object.entries(sources).flatMap(([path, text]) =>
      text
        .split('\n')
        .map((line, index) => ({ line, at: `${path.replace(/^\.\.\//, 'web/')}:${index + 1}` }))
        .filter(({ line }) => literalKey.test(line))
        .map(({ line, at }) => `${at}  ${line.trim()}`),
    );
    expect(literals, 'use a key factory from web/api/<domain>.ts instead').toEqual([]);
  });

  it("keep a project's screens under the project, so refreshing the project refreshes them", () => {
    const project = itemKeys.project('7');
    for (const key of [itemKeys.info('7'), readerKeys.item('7'), readerKeys.settings('7'), readerKeys.search('7', 'api')]) {
      expect(key.slice(0, project.length)).toEqual(project);
    }
    expect(project.slice(0, itemKeys.projects().length)).toEqual(itemKeys.projects());
    // Pages and project lists are separate branches: a project refresh does not refetch them.
    expect(readerKeys.page(1)[0]).not.toBe(project[0]);
    expect(itemKeys.lists()[0]).not.toBe(project[0]);
  });
});
