/**
 * Seed 001 §4 "Drafts": what is typed is kept in this browser every 30 seconds, so a crash or a closed
 * tab loses half a minute at most; the next opening offers it back.
 */
export const DRAFT_INTERVAL_MS = 30_000;
/** Drafts this short are noise, not work worth offering back. */
export const MIN_DRAFT_CHARS = 10;

export interface PageDraft {
  title: string;
  content: string;
  /** Unix milliseconds. */
  savedAt: number;
}

export function draftKey(itemId: number, pageId: number): string {
  return `folio.draft.page.${itemId}.${pageId}`;
}

export function readDraft(key: string): PageDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { title, content, savedAt } = value as Record<string, unknown>;
    if (typeof content !== 'string' || typeof savedAt !== 'number') return null;
    return { title: typeof title === 'string' ? title : '', content, savedAt };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: PageDraft): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the server copy is still the safe one.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

/** A draft is offered back when it holds real work that differs from what was loaded. */
export function draftWorthOffering(draft: PageDraft | null, loaded: { title: string; content: string }): draft is PageDraft {
  if (!draft || draft.content.trim().length <= MIN_DRAFT_CHARS) return false;
  return draft.content !== loaded.content || (draft.title !== '' && draft.title !== loaded.title);
}
