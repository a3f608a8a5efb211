/**
 * What an announcement may hold (showdoc-behaviour.md §6.14): ShowDoc's tag whitelist, no attributes but a
 * link's address (http, https, mailto, a site path or an anchor), no `javascript:`, line breaks kept as
 * `<br>` (PHP's nl2br) in text outside `<pre>`. Every other tag is dropped with its attributes and its text kept;
 * script-like elements go with their content. The server has no DOM (jsdom is a development dependency),
 * so this is a small tokenizer that only ever writes tags it built itself: anything it did not recognise
 * as a kept tag leaves as escaped text.
 */

const KEPT_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'a']);

/** Elements whose content is code or markup, never text to show. */
const DROPPED_WITH_CONTENT = /<(script|style|iframe|object|embed|noscript|noembed|noframes|template|textarea|title|xmp|svg|math)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

function escapeText(text: string): string {
  return text.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The `href` of an `<a …>`'s attribute text when it is a safe address, else ''. */
function safeHref(attributes: string): string {
  const match = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  const raw = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim().replace(/&amp;/gi, '&');
  // Entities and control characters are how `jav&#x61;script:` and `java\tscript:` slip past a scheme check.
  const hasControl = [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (raw === '' || hasControl || /&(?:#|[a-z]+;)|\\/i.test(raw)) return '';
  return SAFE_HREF.test(raw) ? raw : '';
}

/** Removes `javascript:` wherever it is left, until none is (`javajavascript:script:`), as ShowDoc does. */
function withoutJavascriptScheme(text: string): string {
  let current = text;
  for (;;) {
    const next = current.replace(/javascript\s*:/gi, '');
    if (next === current) return next;
    current = next;
  }
}

export function sanitizeAnnouncement(input: string): string {
  const source = input.replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(DROPPED_WITH_CONTENT, '');
  let out = '';
  let preDepth = 0;
  let last = 0;
  const text = (chunk: string) => {
    const escaped = escapeText(chunk);
    // Line breaks between two tags are layout of the markup (`</li>\n<li>`), not breaks the writer typed.
    out += preDepth > 0 || escaped.trim() === '' ? escaped : escaped.replace(/\n/g, '<br>\n');
  };
  for (const match of source.matchAll(TAG)) {
    text(source.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    if (!KEPT_TAGS.has(name)) continue;
    if (name === 'pre') preDepth = Math.max(0, preDepth + (closing ? -1 : 1));
    if (closing) out += name === 'br' ? '' : `</${name}>`;
    else if (name === 'a') {
      const href = safeHref(match[3] ?? '');
      out += href ? `<a href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer">` : '<a>';
    } else out += `<${name}>`;
  }
  text(source.slice(last));
  return withoutJavascriptScheme(out).trim();
}
