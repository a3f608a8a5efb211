import 'highlight.js/styles/github.css';
import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HEADING_ID_PREFIX, slugify, type RenderedMarkdown } from '../../../../common/markdown';
import { firstPaintDone } from '../first-paint';

/** Scrolls to the heading a `#fragment` names: its id as written, or the id our renderer gives that text. */
export function scrollToHeading(fragment: string): boolean {
  let name = fragment;
  try {
    name = decodeURIComponent(fragment);
  } catch {
    // A malformed escape: look the text up as it is.
  }
  const target = document.getElementById(name) ?? document.getElementById(HEADING_ID_PREFIX + slugify(name));
  if (!target) return false;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  return true;
}

/**
 * A rendered page. The HTML is already sanitized (common/markdown); math and diagrams are drawn
 * afterwards by code loaded only for pages that have them. Links inside the site stay in the app.
 */
export function MarkdownView({ rendered, className }: { rendered: RenderedMarkdown; className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const { html, features } = rendered;
  const failedText = t('reader.diagramFailed');

  // The server's first paint of this page gives way in the frame that shows the text (first-paint.ts).
  useLayoutEffect(firstPaintDone, [html]);

  // A link to a heading (`/5/12#ports`, shared or followed from another page) opens at that heading: the
  // browser looked for it before the page's text had arrived.
  useEffect(() => {
    if (hash.length > 1) scrollToHeading(hash.slice(1));
  }, [html, hash]);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let cancelled = false;
    if (features.math) {
      void import('./enhance-math').then(({ typesetMath }) => (cancelled ? undefined : typesetMath(element)));
    }
    if (features.mermaid) {
      void import('./enhance-mermaid').then(({ drawDiagrams }) => (cancelled ? undefined : drawDiagrams(element, failedText)));
    }
    return () => {
      cancelled = true;
    };
  }, [html, features.math, features.mermaid, failedText]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.hasAttribute('target')) return;
    if (href.startsWith('#')) {
      if (scrollToHeading(href.slice(1))) event.preventDefault();
      return;
    }
    // Same-site paths open inside the app, without reloading it.
    if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/') && !href.startsWith('/server/')) {
      event.preventDefault();
      navigate(href);
    }
  };

  return (
    // Clicks are delegated from the links inside (Enter on a link clicks it too); the container is not a control.
    <div ref={root} className={className ? `markdown-body ${className}` : 'markdown-body'} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
