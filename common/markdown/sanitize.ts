import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';

/**
 * What survives in a rendered page: the tags markdown produces plus the harmless ones people type by
 * hand in ShowDoc pages (`<font color>`, `<center>`, `<details>`, `<kbd>`…). No script, style, iframe,
 * object, form or meta; no event handlers, no `style` attribute, no data attributes.
 */
export const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'dd', 'del',
  'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'hr', 'i', 'img', 'input', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small', 'span',
  'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'tt', 'u',
  'ul', 'var', 'wbr',
];

export const ALLOWED_ATTR = [
  'align', 'alt', 'checked', 'cite', 'class', 'color', 'colspan', 'datetime', 'dir', 'disabled', 'height', 'href',
  'id', 'lang', 'loading', 'name', 'open', 'rel', 'reversed', 'rowspan', 'scope', 'span', 'src', 'start', 'target',
  'title', 'type', 'valign', 'width',
];

/** Schemes a link or image may use; relative URLs and `#anchors` pass too. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel|ftp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** An inline image written out in the page; SVG is fine here because an `<img>` never runs its scripts. */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|bmp|svg\+xml)[;,]/i;

/** Classes our renderer sets; a class typed by a person could dress content up as the app's own UI. */
const ALLOWED_CLASS =
  /^(?:hljs(?:-[\w-]+)?|language-[\w+-]+|md-(?:code|table-wrap|mermaid|math|math-inline|math-display|math-block)|task-list-item(?:-checkbox)?|contains-task-list)$/;

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

const config: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ADD_URI_SAFE_ATTR: [],
  // Drops ids and names that would shadow document properties (DOM clobbering).
  SANITIZE_DOM: true,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
};

function harden(purify: DOMPurify): DOMPurify {
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    const tag = element.tagName?.toLowerCase();

    const classes = element.getAttribute('class');
    if (classes !== null) {
      const kept = classes.split(/\s+/).filter((name) => ALLOWED_CLASS.test(name));
      if (kept.length > 0) element.setAttribute('class', kept.join(' '));
      else element.removeAttribute('class');
    }

    if (tag === 'a') {
      const href = element.getAttribute('href') ?? '';
      if (EXTERNAL.test(href.trim()) || element.hasAttribute('target')) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      } else {
        element.removeAttribute('rel');
      }
    } else {
      element.removeAttribute('target');
      element.removeAttribute('rel');
    }

    if (tag === 'img') {
      const src = element.getAttribute('src');
      if (src !== null && /^\s*data:/i.test(src) && !DATA_IMAGE.test(src.trim())) element.removeAttribute('src');
      element.setAttribute('loading', 'lazy');
    } else {
      element.removeAttribute('loading');
    }

    // The only input a page may hold is a task list's read-only checkbox.
    if (tag === 'input') {
      element.setAttribute('type', 'checkbox');
      element.setAttribute('disabled', '');
      for (const name of element.getAttributeNames()) {
        if (!['type', 'disabled', 'checked', 'class'].includes(name)) element.removeAttribute(name);
      }
    } else if (element.hasAttribute?.('type') && tag !== 'ol' && tag !== 'ul' && tag !== 'li') {
      element.removeAttribute('type');
    }
  });
  return purify;
}

export type Sanitizer = (html: string) => string;

/**
 * A sanitizer bound to a DOM: the browser's `window`, or a jsdom window on the server. Each call makes its
 * own DOMPurify instance, so hooks never leak into another library's copy (mermaid uses DOMPurify too).
 */
export function createSanitizer(window: WindowLike): Sanitizer {
  const purify = harden(createDOMPurify(window));
  if (!purify.isSupported) throw new Error('DOMPurify needs a DOM to sanitize with');
  return (html: string) => purify.sanitize(html, config) as string;
}

/**
 * KaTeX's output (built in the browser from a page's TeX): HTML and MathML with KaTeX's own inline
 * styles. KaTeX runs with `trust: false`, so `\href{javascript:…}` and friends never produce links; this
 * pass is the second lock.
 */
export function createMathSanitizer(window: WindowLike): Sanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName?.toLowerCase() === 'a') element.removeAttribute('href');
  });
  return (html: string) =>
    purify.sanitize(html, { USE_PROFILES: { html: true, mathMl: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'], ALLOW_DATA_ATTR: false }) as string;
}

/**
 * Mermaid's SVG. Mermaid runs with `securityLevel: 'strict'` and text labels; the SVG keeps its scoped
 * `<style>` but loses scripts, event handlers, links and foreign HTML.
 */
export function createDiagramSanitizer(window: WindowLike): Sanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    for (const name of ['href', 'xlink:href']) {
      const value = element.getAttribute(name);
      if (value !== null && !value.startsWith('#')) element.removeAttribute(name);
    }
  });
  return (html: string) =>
    purify.sanitize(html, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'a', 'image'], ALLOW_DATA_ATTR: false }) as string;
}
