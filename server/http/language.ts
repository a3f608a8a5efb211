export type Lang = 'en' | 'zh';

/**
 * The language of error messages: the browser app sends its UI language in Accept-Language; ShowDoc
 * clients send nothing and, like ShowDoc, get Chinese only when they ask for it.
 */
export function languageOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'en';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}
