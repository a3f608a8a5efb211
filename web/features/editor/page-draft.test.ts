import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, draftWorthOffering, readDraft, writeDraft } from './page-draft';

afterEach(() => window.localStorage.clear());

describe('page drafts', () => {
  it('are kept per project and page, and read back', () => {
    writeDraft(draftKey(5, 10), { title: 'T', content: 'some text', savedAt: 1 });
    expect(readDraft(draftKey(5, 10))).toEqual({ title: 'T', content: 'some text', savedAt: 1 });
    expect(readDraft(draftKey(5, 11))).toBeNull();
    clearDraft(draftKey(5, 10));
    expect(readDraft(draftKey(5, 10))).toBeNull();
  });

  it('ignore what is not a draft of theirs', () => {
    window.localStorage.setItem(draftKey(1, 1), '{not json');
    expect(readDraft(draftKey(1, 1))).toBeNull();
    window.localStorage.setItem(draftKey(1, 2), JSON.stringify({ content: 5 }));
    expect(readDraft(draftKey(1, 2))).toBeNull();
  });

  it('are offered only when longer than ten characters and different from the page', () => {
    const page = { title: 'Intro', content: 'The saved text of the page' };
    expect(draftWorthOffering({ title: 'Intro', content: 'short', savedAt: 1 }, page)).toBe(false);
    expect(draftWorthOffering({ title: 'Intro', content: 'The saved text of the page', savedAt: 1 }, page)).toBe(false);
    expect(draftWorthOffering({ title: 'Intro', content: 'The saved text of the page, and more', savedAt: 1 }, page)).toBe(true);
    expect(draftWorthOffering({ title: 'Renamed', content: 'The saved text of the page', savedAt: 1 }, page)).toBe(true);
    expect(draftWorthOffering(null, page)).toBe(false);
  });
});
