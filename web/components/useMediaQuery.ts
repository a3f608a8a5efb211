import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (e.g. a phone turned sideways). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width the header folds its controls into one menu. */
export const NARROW_SCREEN = '(max-width: 599.98px)';

/** Below this width screens with a side column stack it above the content (project list: one card a row). */
export const PHONE_LAYOUT = '(max-width: 719.98px)';
