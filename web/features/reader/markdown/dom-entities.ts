/**
 * markdown-it's one use of the `entities` package, `decodeHTMLStrict('&name;')`, answered by the browser's
 * own HTML parser instead of entities' table of every character reference (26 KB, about 10 KB brotli, on
 * every reader's first load: issue 21). web/vite-markdown-trims.ts points markdown-it here in the build
 * only; the server and the tests keep entities.
 *
 * Strict as entities is: `&name;` decodes only when `name;` is a reference as written. The HTML parser
 * would also decode a legacy prefix (`&notit;` → `¬it;`, `&ampx;` → `&x;`); such a partial decode leaves the
 * name's last character and the `;` in place, and is refused.
 */
const REFERENCE = /^&[a-z#][a-z0-9]{1,31};$/i;

let decoder: HTMLTextAreaElement | null = null;

export function decodeHTMLStrict(text: string): string {
  // markdown-it passes nothing else; anything else is left as it is rather than parsed.
  if (!REFERENCE.test(text)) return text;
  // A textarea's content is text (RCDATA): the parser decodes references in it and never makes elements.
  decoder ??= document.createElement('textarea');
  decoder.innerHTML = text;
  const decoded = decoder.value;
  return decoded.endsWith(text.slice(-2)) ? text : decoded;
}
