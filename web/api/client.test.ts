import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { fail, installFakeApi, jsonResponse, ok } from '../test/fake-api';
import { API_TIMEOUT_MS, ApiCallError, apiPost, setApiHost, withRedirect, type ApiHost } from './client';

function fakeHost(currentPath = '/item/index') {
  const host = {
    navigate: vi.fn<ApiHost['navigate']>(),
    currentPath: vi.fn(() => currentPath),
    showError: vi.fn<ApiHost['showError']>(),
    sessionEnded: vi.fn<ApiHost['sessionEnded']>(),
  };
  return host;
}

let host: ReturnType<typeof fakeHost>;
let unregister: () => void;

beforeEach(() => {
  host = fakeHost();
  unregister = setApiHost(host);
});

afterEach(() => unregister());

async function failureOf(promise: Promise<unknown>): Promise<ApiCallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiCallError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiPost', () => {
  it('POSTs the params form-encoded with the cookie and the interface language, and returns data', async () => {
    const api = installFakeApi({ 'item/myList': ok([{ item_id: 1 }]) });
    await i18n.changeLanguage('zh-CN');

    const data = await apiPost<{ item_id: number }[]>('item/myList', { item_group_id: 0, keyword: '文档 & co', skip: undefined, none: null });

    expect(data).toEqual([{ item_id: 1 }]);
    const [call] = api.calls;
    expect(call?.path).toBe('item/myList');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('same-origin');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
    expect(call?.params.get('item_group_id')).toBe('0');
    expect(call?.params.get('keyword')).toBe('文档 & co');
    expect(call?.params.has('skip')).toBe(false);
    expect(call?.params.has('none')).toBe(false);
  });

  it('sends Accept-Language en for the English interface', async () => {
    const api = installFakeApi({ 'common/version': ok({ version: '1' }) });
    await apiPost('common/version');
    expect(new Headers(api.calls[0]?.init.headers).get('Accept-Language')).toBe('en');
  });

  it('throws the error code and message of a business error and alerts it once', async () => {
    installFakeApi({ 'user/updateInfo': fail(10101, 'The name is too long') });

    const error = await failureOf(apiPost('user/updateInfo', { name: 'x' }));

    expect(error).toMatchObject({ code: 10101, message: 'The name is too long', kind: 'server' });
    expect(host.showError).toHaveBeenCalledTimes(1);
    expect(host.showError).toHaveBeenCalledWith('The name is too long');
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('reads the envelope of HTTP errors (404, 413, 500)', async () => {
    installFakeApi({ 'nope/nothing': jsonResponse(fail(10404, 'Invalid request'), 404) });
    const error = await failureOf(apiPost('nope/nothing'));
    expect(error).toMatchObject({ code: 10404, message: 'Invalid request' });
  });

  it('falls back to the shared error text when the server sends no message', async () => {
    installFakeApi({ 'user/info': { error_code: 10103 } });
    const error = await failureOf(apiPost('user/info'));
    expect(error.message).toBe('You do not have permission to do this');
  });

  it('in silent mode neither alerts nor redirects', async () => {
    installFakeApi({ 'user/info': fail(10102, 'Not logged in') });

    const error = await failureOf(apiPost('user/info', {}, { silent: true }));

    expect(error.code).toBe(10102);
    expect(host.showError).not.toHaveBeenCalled();
    expect(host.navigate).not.toHaveBeenCalled();
    expect(host.sessionEnded).not.toHaveBeenCalled();
  });

  it('on 10102 forgets the session and goes to login with the current path as redirect', async () => {
    installFakeApi({ 'item/myList': fail(10102, 'Not logged in') });

    await failureOf(apiPost('item/myList'));

    expect(host.sessionEnded).toHaveBeenCalledTimes(1);
    expect(host.navigate).toHaveBeenCalledWith('/user/login?redirect=/item/index');
  });

  it('on 10312 goes to login too', async () => {
    unregister();
    host = fakeHost('/12/34');
    unregister = setApiHost(host);
    installFakeApi({ 'page/info': fail(10312, 'Please log in first') });

    await failureOf(apiPost('page/info', { page_id: 34 }));

    expect(host.navigate).toHaveBeenCalledWith('/user/login?redirect=/12/34');
  });

  it('does not redirect to login from the login screen itself', async () => {
    unregister();
    host = fakeHost('/user/login?redirect=/item/index');
    unregister = setApiHost(host);
    installFakeApi({ 'user/info': fail(10102, 'Not logged in') });

    await failureOf(apiPost('user/info'));

    expect(host.navigate).not.toHaveBeenCalled();
  });

  it.each([10303, 10307])('on %i with an item_id goes to that item’s password screen', async (code) => {
    unregister();
    host = fakeHost('/5');
    unregister = setApiHost(host);
    installFakeApi({ 'item/info': fail(code, 'Password needed') });

    await failureOf(apiPost('item/info', { item_id: 5 }));

    expect(host.navigate).toHaveBeenCalledWith('/item/password/5?redirect=/5');
  });

  it('on 10307 without an item_id only alerts', async () => {
    installFakeApi({ 'page/info': fail(10307, 'Password needed') });
    await failureOf(apiPost('page/info', { page_id: 9 }));
    expect(host.showError).toHaveBeenCalledTimes(1);
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it('turns a network failure into a translated message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await i18n.changeLanguage('zh-CN');

    const error = await failureOf(apiPost('user/info'));

    expect(error).toMatchObject({ kind: 'network', message: '无法连接服务器，请检查网络后重试。' });
    expect(host.showError).toHaveBeenCalledWith('无法连接服务器，请检查网络后重试。');
  });

  it('gives up after 60 seconds with a timeout message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );

    const pending = failureOf(apiPost('export/word', { item_id: 1 }));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(host.showError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;

    expect(error).toMatchObject({ kind: 'timeout', message: 'The server took too long to answer. Please try again.' });
    expect(host.showError).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the caller cancels', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();

    const pending = failureOf(apiPost('user/info', {}, { signal: controller.signal }));
    controller.abort();

    expect((await pending).kind).toBe('aborted');
    expect(host.showError).not.toHaveBeenCalled();
  });

  it('reports an answer that is not the envelope (a proxy error page)', async () => {
    installFakeApi({ 'user/info': new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await failureOf(apiPost('user/info'));
    expect(error).toMatchObject({ kind: 'bad-response', message: 'The server sent an unexpected answer (HTTP 502).' });
  });
});

describe('withRedirect', () => {
  it('keeps a return path the login screen accepts, readable', () => {
    expect(withRedirect('/user/login', '/item/index')).toBe('/user/login?redirect=/item/index');
    expect(withRedirect('/user/login', '/12/34?x')).toBe('/user/login?redirect=/12/34?x');
  });

  it('drops a query the redirect rule would refuse, and the home page', () => {
    expect(withRedirect('/user/login', '/12?page_id=3')).toBe('/user/login?redirect=/12');
    expect(withRedirect('/user/login', '/')).toBe('/user/login');
  });
});
