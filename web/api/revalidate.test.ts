import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../test/fake-api';
import { apiPost } from './client';

/** item/info answers carry an ETag; the client keeps them and a 304 reuses the kept tree (issue 21). */
describe('revalidated calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends If-None-Match with the kept tag and reuses the kept data on 304', async () => {
    let version = 1;
    const api = installFakeApi({
      'item/info': (_params: URLSearchParams, init: RequestInit) => {
        const tag = `"v${version}"`;
        if (new Headers(init.headers).get('If-None-Match') === tag) return new Response(null, { status: 304, headers: { ETag: tag } });
        return new Response(JSON.stringify(ok({ item_name: `v${version}` })), { status: 200, headers: { 'Content-Type': 'application/json', ETag: tag } });
      },
    });
    const first = await apiPost<{ item_name: string }>('item/info', { item_id: 41 }, { revalidate: true });
    const second = await apiPost<{ item_name: string }>('item/info', { item_id: 41 }, { revalidate: true });
    expect(second).toEqual(first);
    expect(new Headers(api.callsTo('item/info')[1]?.init.headers).get('If-None-Match')).toBe('"v1"');

    version = 2;
    expect((await apiPost<{ item_name: string }>('item/info', { item_id: 41 }, { revalidate: true })).item_name).toBe('v2');
  });

  it('does not send a tag for another project or without revalidate', async () => {
    const api = installFakeApi({
      'item/info': () => new Response(JSON.stringify(ok({})), { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"x"' } }),
    });
    await apiPost('item/info', { item_id: 42 }, { revalidate: true });
    await apiPost('item/info', { item_id: 43 }, { revalidate: true });
    await apiPost('item/info', { item_id: 42 });
    const sent = api.callsTo('item/info').map((c) => new Headers(c.init.headers).get('If-None-Match'));
    expect(sent).toEqual([null, null, null]);
  });
});
