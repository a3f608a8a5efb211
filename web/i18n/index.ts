import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antd-locale';
import type { Messages } from './en';

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

/** Switches the interface language and remembers the choice. */
export async function setLanguage(language: UiLanguage): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch still applies to this visit.
  }
  await loadMessages(language);
  await i18n.changeLanguage(language);
}

/**
 * Each language's texts are a chunk of their own (issue 21): a reader in English does not download the
 * Chinese texts, nor the other way round.
 */
const MESSAGES: Record<UiLanguage, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.en),
  'zh-CN': () => import('./zh-CN').then((module) => module.zhCN),
};

/** Loads a language's texts (and antd's) once; the app renders after the first language is in (main.tsx). */
export async function loadMessages(language: UiLanguage): Promise<void> {
  const [messages] = await Promise.all([i18n.hasResourceBundle(language, 'translation') ? null : MESSAGES[language](), loadAntdLocale(language)]);
  if (messages) i18n.addResourceBundle(language, 'translation', messages, true, true);
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

export default i18n;
