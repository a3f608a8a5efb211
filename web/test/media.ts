import { vi } from 'vitest';

/** A `matchMedia` for jsdom that answers every query with `isMatch(query)` and never fires. */
export function fakeMatchMedia(isMatch: (query: string) => boolean): (query: string) => MediaQueryList {
  return (query: string) => ({
    matches: isMatch(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

/** The project view's phone layout (useIsMobile): a screen under 1000 px. */
export function stubNarrowScreen(): void {
  vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query === '(max-width: 999.98px)'));
}
