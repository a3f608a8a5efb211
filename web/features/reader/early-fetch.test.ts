import { describe, expect, it } from 'vitest';
import { readerRoute } from './early-fetch';

describe('readerRoute: which addresses start the reader’s fetches before React renders', () => {
  it('reads a project by id or domain, with or without a page', () => {
    expect(readerRoute('/12/34')).toEqual({ itemRef: '12', pageId: 34 });
    expect(readerRoute('/apidocs/7/')).toEqual({ itemRef: 'apidocs', pageId: 7 });
    expect(readerRoute('/12')).toEqual({ itemRef: '12', pageId: null });
  });

  it('leaves the fixed routes and anything else alone', () => {
    for (const path of ['/', '/user/login', '/item/index', '/page/5', '/p/abc', '/team/3', '/prices', '/12/abc', '/a-b/1', '/12/34/5']) {
      expect(readerRoute(path), path).toBeNull();
    }
  });
});
