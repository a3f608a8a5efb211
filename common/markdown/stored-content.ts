const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#039;': "'" };

/**
 * ShowDoc keeps `page_content` HTML-escaped (`htmlspecialchars`) and sends it that way; its clients undo
 * exactly these five entities before rendering (reference §2.6). One pass, so `&amp;lt;` becomes `&lt;`
 * and not `<`.
 */
export function unescapeStoredContent(content: string): string {
  return content.replace(/&(?:amp|lt|gt|quot|#0?39);/g, (entity) => entities[entity] ?? entity);
}
