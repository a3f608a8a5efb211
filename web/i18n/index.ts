import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antd-locale';
import type { FirstScreenMessages, OtherScreensMessages } from './en';

export type UiLanguage = 'en' | 'zh-CN';

export const uiLanguages: readonly UiLanguage[] = ['en', 'zh-CN'];

/** Where the person's explicit choice is kept between visits. */
export const LANGUAGE_STORAGE_KEY = 'folio_lang';

function isUiLanguage(value: unknown): value is UiLanguage {
  return value === 'en' || value === 'zh-CN';
}

function storedLanguage(): UiLanguage | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(value) ? value : null;
  } catch {
    // Storage can be disabled (private mode, policies); the browser language still works.
    return null;
  }
}

/** The remembered choice, else the browser's language: any Chinese variant gets zh-CN, everything else English. */
export function detectLanguage(): UiLanguage {
  const stored = storedLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  return browser.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches the interface language and remembers the choice; every text of the new language is in first. */
export async function setLanguage(language: UiLanguage): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch still applies to this visit.
  }
  await Promise.all([loadMessages(language), loadAllTexts(language)]);
  await i18n.changeLanguage(language);
}

type Part = 'firstScreen' | 'otherScreens';

/**
 * Each language's texts are two chunks (issue 21): what a shared page's first screen shows, and the rest
 * (every other screen and dialog). A reader downloads the first part of one language only; the rest
 * follows once the first screen has what it needs.
 */
const PARTS: Record<Part, Record<UiLanguage, () => Promise<FirstScreenMessages | OtherScreensMessages>>> = {
  firstScreen: {
    en: () => import('./first-screen.en').then((module) => module.firstScreenEn),
    'zh-CN': () => import('./first-screen.zh-CN').then((module) => module.firstScreenZhCN),
  },
  otherScreens: {
    en: () => import('./other-screens.en').then((module) => module.otherScreensEn),
    'zh-CN': () => import('./other-screens.zh-CN').then((module) => module.otherScreensZhCN),
  },
};

const loadingParts = new Map<string, Promise<void>>();

/** One part of a language's texts, once; a failed download is tried again next time. */
function loadPart(language: UiLanguage, part: Part): Promise<void> {
  const key = `${language} ${part}`;
  let pending = loadingParts.get(key);
  if (!pending) {
    pending = PARTS[part][language]().then(
      (messages) => {
        i18n.addResourceBundle(language, 'translation', messages, true, true);
      },
      (error: unknown) => {
        loadingParts.delete(key);
        throw error;
      },
    );
    loadingParts.set(key, pending);
  }
  return pending;
}

/** Loads what a language's first screen says (and antd's texts) once; the app renders after the first language's are in (main.tsx). */
export async function loadMessages(language: UiLanguage): Promise<void> {
  await Promise.all([loadPart(language, 'firstScreen'), loadAntdLocale(language)]);
}

/** Every text of a language (the current one unless told): what any screen or dialog may show. */
export function loadAllTexts(language: UiLanguage = currentLanguage()): Promise<void> {
  return Promise.all([loadPart(language, 'firstScreen'), loadPart(language, 'otherScreens')]).then(() => undefined);
}

/**
 * A screen's or dialog's code together with every text of the interface language: for a lazy part of the
 * app that shows texts beyond the first screen's, so it never renders with a raw key. Used as
 * `lazy(() => withAllTexts(import('./Dialog')))`; web/i18n/first-screen.test.ts checks that the first
 * screen's code uses no other text, and that it loads every other screen through here.
 */
export function withAllTexts<T>(code: Promise<T>): Promise<T> {
  return Promise.all([code, loadAllTexts()]).then(([module]) => module);
}

function applyToDocument(language: string): void {
  // Fonts pick the right glyph forms for Chinese only when <html lang> says so.
  if (typeof document !== 'undefined') document.documentElement.lang = isUiLanguage(language) ? language : 'en';
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: uiLanguages,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

/** Resolves when the first language's texts are in; a failed download renders with the keys rather than nothing. */
export const messagesReady: Promise<void> = loadMessages(currentLanguage()).catch(() => undefined);
// The other screens' texts follow the first screen's, before anyone can ask for another screen or a dialog.
void messagesReady.then(() => loadAllTexts().catch(() => undefined));

export default i18n;
