/**
 * ShowDoc keeps `page_content` HTML-entity-escaped (its old input filter escaped every parameter, and
 * the current server escapes page bodies on save), and every ShowDoc client undoes exactly these
 * entities before rendering (showdoc-behaviour.md §2.6). Folio stores bodies the same way so migrated
 * databases and ShowDoc clients keep working; these helpers are the two directions.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
const UNESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#039;': "'" };

/** PHP's `htmlspecialchars($text, ENT_QUOTES)`: `& < > " '`, each in one pass (existing entities are escaped again). */
export function escapeEntities(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** `htmlspecialchars($text, ENT_NOQUOTES)`: quotes stay as they are. */
export function escapeEntitiesKeepQuotes(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);
}

/** PHP's `htmlspecialchars_decode($text, ENT_QUOTES)`, in one pass: `&amp;lt;` becomes `&lt;`, not `<`. */
export function unescapeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#0?39);/g, (entity) => UNESCAPES[entity] ?? entity);
}

/**
 * For text that may already be escaped (imports, the open API): decode first so it is not escaped twice,
 * then escape, as ShowDoc's `htmlspecialchars(htmlspecialchars_decode($x))`.
 */
export function reescapeEntities(text: string): string {
  return escapeEntities(unescapeEntities(text));
}
