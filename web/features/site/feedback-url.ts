/**
 * The site's feedback address as a link the header may show: only an absolute http(s) URL, so a setting
 * can never turn the icon into a `javascript:` link. Anything else means no feedback icon.
 */
export function safeFeedbackUrl(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '' || text.length > 500) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
