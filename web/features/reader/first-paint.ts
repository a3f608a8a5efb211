import { useLayoutEffect } from 'react';

/**
 * A shared page's title and text, drawn into the HTML by the server (server/modules/page/first-paint-html.ts)
 * so they show before this app's code has run (issue 21). It lies over the app, whose loading spinners stay
 * hidden beneath it, until the app shows the page itself or a screen of its own instead (a failure, a
 * password prompt): these call `firstPaintDone`, in the same frame as their own first paint.
 */
const FIRST_PAINT_ID = 'first-paint';

/** However long the app takes, it is not hidden longer than this. */
const AT_MOST_MS = 15_000;

export function firstPaintDone(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/** Called once at start: the server's page never outstays a stuck load. */
export function limitFirstPaint(): void {
  if (document.getElementById(FIRST_PAINT_ID)) window.setTimeout(firstPaintDone, AT_MOST_MS);
}

/** For a screen that replaces the server's page: it goes when this screen is first painted. */
export function useFirstPaintDone(): void {
  useLayoutEffect(firstPaintDone, []);
}
