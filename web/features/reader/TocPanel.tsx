import { UnorderedListOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TocEntry } from '../../../common/markdown';
import { scrollToHeading } from './markdown/MarkdownView';

/** Headings deeper than this stay out of the table of contents: it is a map, not a copy. */
const MAX_LEVEL = 4;
/** The sticky header's height plus a little air: a heading under it counts as passed. */
const HEADER_OFFSET = 88;

/** The id of the last heading scrolled past (or the first one at the top of the page). */
export function useActiveHeading(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  useEffect(() => {
    if (ids.length === 0) {
      setActive(null);
      return;
    }
    // Measured at most once a frame while scrolling.
    let frame = 0;
    const schedule = (callback: () => void) => (window.requestAnimationFrame ? window.requestAnimationFrame(callback) : window.setTimeout(callback, 16));
    const cancel = (handle: number) => (window.cancelAnimationFrame ? window.cancelAnimationFrame(handle) : window.clearTimeout(handle));
    const measure = () => {
      frame = 0;
      let current = ids[0] ?? null;
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= HEADER_OFFSET) current = id;
      }
      setActive(current);
    };
    const onScroll = () => {
      if (frame === 0) frame = schedule(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) cancel(frame);
    };
  }, [ids]);
  return active;
}

/** Seed 001 §2: the page's headings on the right (screens wider than 1000 px); a click scrolls there. */
export function TocPanel({ entries }: { entries: TocEntry[] }) {
  const { t } = useTranslation();
  const shown = entries.filter((entry) => entry.level <= MAX_LEVEL);
  const key = shown.map((entry) => entry.id).join('\n');
  const ids = useMemo(() => (key === '' ? [] : key.split('\n')), [key]);
  const active = useActiveHeading(ids);
  // A clicked entry stays highlighted even when the page cannot scroll its heading to the top (the last
  // short section), until the reader scrolls by hand.
  const [chosen, setChosen] = useState<string | null>(null);
  const current = chosen ?? active;
  useEffect(() => {
    if (chosen === null) return;
    const release = () => setChosen(null);
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, release, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, release);
    };
  }, [chosen]);

  if (shown.length === 0) return null;
  const top = Math.min(...shown.map((entry) => entry.level));
  return (
    <nav className="reader-toc" aria-label={t('reader.toc')}>
      <p className="reader-toc-title">
        <UnorderedListOutlined aria-hidden /> {t('reader.toc')}
      </p>
      <ol className="reader-toc-list">
        {shown.map((entry) => (
          <li key={entry.id} className="reader-toc-entry" style={{ paddingInlineStart: `${(entry.level - top) * 12}px` }}>
            <a
              href={`#${entry.id}`}
              className={entry.id === current ? 'reader-toc-link is-active' : 'reader-toc-link'}
              aria-current={entry.id === current ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                scrollToHeading(entry.id);
                setChosen(entry.id);
              }}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
