/**
 * Writes text to the clipboard; false when the browser offers none (a site served over plain HTTP) or
 * refuses (no permission), so the caller can tell the person to copy by hand.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  const clipboard: Clipboard | undefined = navigator.clipboard;
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
