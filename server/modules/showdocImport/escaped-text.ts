import { unescapeEntities } from '../../../common/html-entities.js';

/**
 * ShowDoc stores page bodies HTML-escaped (`htmlspecialchars` ENT_QUOTES); Folio stores what the person
 * typed, so every body is unescaped exactly once (`&amp;lt;` becomes `&lt;`, as the editor showed it).
 */
export function typedContent(stored: string): string {
  return unescapeEntities(stored);
}

const ENTITY = /&(?:amp|lt|gt|quot|#0?39);/;
/** `&` not starting one of the five entities, or a character htmlspecialchars would have escaped. */
const RAW_SPECIAL = /&(?!(?:amp|lt|gt|quot|#0?39);)|[<>"']/;

/**
 * Titles are stored raw by page/save but escaped by the open API (author_uid 0 / 'API') and by project
 * copies. A title is unescaped when the open API wrote it, or when it holds an entity and nothing an
 * escaper would have left raw: an escaped title never has a bare `&`, `<`, `>` or quote. A raw title a
 * person typed with a literal `&amp;` and nothing else special is the one case this reads wrongly.
 */
export function typedTitle(stored: string, writtenByOpenApi: boolean): { title: string; unescaped: boolean } {
  if (writtenByOpenApi || (ENTITY.test(stored) && !RAW_SPECIAL.test(stored))) {
    const title = unescapeEntities(stored);
    return { title, unescaped: title !== stored };
  }
  return { title: stored, unescaped: false };
}
