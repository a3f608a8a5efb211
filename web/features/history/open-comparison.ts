/** Seed 001 router: the comparison screen of one version, opened in a new window. */
export function comparisonPath(pageId: number, historyId: number): string {
  return `/page/diff/${pageId}/${historyId}`;
}

/** `noopener`: the comparison cannot reach back into the window that opened it. */
export function openComparison(pageId: number, historyId: number): void {
  window.open(comparisonPath(pageId, historyId), '_blank', 'noopener');
}
