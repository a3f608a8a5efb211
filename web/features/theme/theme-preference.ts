import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '../../../common/theme-boot';
import { useMediaQuery } from '../../components/useMediaQuery';

/** What a person picked in the header: follow the system, or always light, or always dark. */
export type ThemePreference = 'system' | 'light' | 'dark';
/** What the screens are drawn in right now. */
export type ColorScheme = 'light' | 'dark';

export const themePreferences: readonly ThemePreference[] = ['system', 'light', 'dark'];

export { THEME_STORAGE_KEY };

export const SYSTEM_DARK = '(prefers-color-scheme: dark)';

function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

function storedPreference(): ThemePreference {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(value) ? value : 'system';
  } catch {
    // Storage can be disabled (private mode, policies): the system's preference still applies.
    return 'system';
  }
}

const listeners = new Set<() => void>();

/** Read from storage each time: one source of truth for the header switch, the providers and other tabs. */
export function currentThemePreference(): ThemePreference {
  return typeof window === 'undefined' ? 'system' : storedPreference();
}

/** Switches the theme and remembers the choice; 'system' forgets it, so a later system change is followed. */
export function setThemePreference(next: ThemePreference): void {
  try {
    if (next === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage refused: nothing to remember, and the page stays as the system has it.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app switched: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, currentThemePreference, () => 'system');
}

export function resolveColorScheme(chosen: ThemePreference, systemDark: boolean): ColorScheme {
  if (chosen === 'system') return systemDark ? 'dark' : 'light';
  return chosen;
}

/** The scheme to draw in: the person's choice, else the system's preference, following either as it changes. */
export function useColorScheme(): ColorScheme {
  return resolveColorScheme(useThemePreference(), useMediaQuery(SYSTEM_DARK));
}

/**
 * Marks <html> so the app's own CSS variables (styles.css) switch with antd's algorithm, and tells the
 * browser (scroll bars, form controls, the canvas behind the page) which scheme the page is in.
 */
export function applyColorScheme(scheme: ColorScheme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = scheme;
  document.documentElement.style.colorScheme = scheme;
}

// Marked once at load, before React's first paint, so a dark system never sees a light flash.
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  applyColorScheme(resolveColorScheme(currentThemePreference(), window.matchMedia(SYSTEM_DARK).matches));
}
