import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

/** A DOM for tests (and for the server, which will do the same with jsdom). */
export function testWindow(): WindowLike & Window {
  return new JSDOM('<!doctype html><html><body></body></html>').window as unknown as WindowLike & Window;
}
