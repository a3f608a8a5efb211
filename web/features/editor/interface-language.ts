/** The interface language as the built-in templates and format tools take it. */
export type InterfaceLanguage = 'en' | 'zh';

export function interfaceLanguage(language: string | undefined): InterfaceLanguage {
  return language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
