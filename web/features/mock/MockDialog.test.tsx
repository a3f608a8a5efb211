import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PageMock } from '../../api/mock';
import { createQueryClient } from '../../api/query-client';
import { TestProviders } from '../../test/render';
import i18n from '../../i18n';
import { fail, installFakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { stubNarrowScreen } from '../../test/media';
import MockDialog from './MockDialog';

/** `mock/infoByPageId` as the server sends it. */
const saved: PageMock = {
  id: 3,
  unique_key: '0123456789abcdef0123456789abcdef',
  uid: 7,
  page_id: 10,
  item_id: 5,
  view_times: 2,
  template: '{"code":0,"name":"@cname"}',
  addtime: '2026-11-20 09:15:00',
  last_update_time: '2026-11-20 09:15:00',
  path: '/orders/1',
};

const origin = window.location.origin;
const orderUrl = `${origin}/server/mock-path/5?path=%2Forders%2F1`;

function api(overrides: Record<string, FakeHandler | unknown> = {}) {
  return installFakeApi({
    'user/info': ok({ uid: 7, username: 'alice', name: 'Alice', groupid: 2, email: '' }),
    'mock/infoByPageId': ok(saved),
    [orderUrl]: { code: 0, name: '</b>王芳' },
    ...overrides,
  });
}

function show(pageId = 10) {
  const onClose = vi.fn<() => void>();
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <MockDialog open itemId={5} pageId={pageId} onClose={onClose} />
      </MemoryRouter>
    </TestProviders>,
  );
  return { user, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: 'Mock API' });
const templateBox = (d: HTMLElement) => within(d).getByRole('textbox', { name: 'JSON template (Mock.js syntax)' }) as HTMLTextAreaElement;
const pathBox = (d: HTMLElement) => within(d).getByRole('textbox', { name: 'Path' }) as HTMLInputElement;

describe('mock dialog', () => {
  it('asks to save the page first when it has never been saved, and calls nothing', async () => {
    const fake = api();
    const { user, onClose } = show(0);
    const d = await dialog();
    expect(within(d).getByText('Save the page once first: a mock belongs to a saved page.')).toBeTruthy();
    expect(within(d).queryByRole('textbox')).toBeNull();
    expect(within(d).queryByRole('button', { name: 'Save mock' })).toBeNull();
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fake.callsTo('mock/infoByPageId')).toEqual([]);
  });

  it('shows the page’s mock with its address and curl line, and tries it without credentials', async () => {
    const fake = api();
    const { user } = show();
    const d = await dialog();
    await waitFor(() => expect(pathBox(d).value).toBe('/orders/1'));
    expect(Object.fromEntries(fake.callsTo('mock/infoByPageId')[0]?.params ?? [])).toEqual({ page_id: '10' });
    expect(templateBox(d).value).toBe(saved.template);
    expect(within(d).getByLabelText('Mock address up to the path').textContent).toBe(`${origin}/server/mock-path/5?path=`);
    expect(within(d).getByRole('link', { name: orderUrl })).toBeTruthy();
    expect(within(d).getByText(`curl '${orderUrl}'`)).toBeTruthy();
    expect(within(d).getByText(/@integer\(1,100\) .*@pick/)).toBeTruthy();

    await user.click(within(d).getByRole('button', { name: 'Try it' }));
    const response = await within(d).findByRole('region', { name: 'Response' });
    expect(response.textContent).toContain('HTTP 200');
    expect(response.querySelector('pre')?.textContent).toBe('{\n  "code": 0,\n  "name": "</b>王芳"\n}');
    expect(response.querySelector('b')).toBeNull();
    expect(fake.callsTo(orderUrl)[0]?.init).toMatchObject({ credentials: 'omit' });
  });

  it('starts from an example for a page without a mock; Try it waits for a save', async () => {
    api({ 'mock/infoByPageId': ok([]) });
    show();
    const d = await dialog();
    await waitFor(() => expect(templateBox(d).value).toContain('"list|3"'));
    expect(pathBox(d).value).toBe('/');
    expect(within(d).getByRole('button', { name: 'Try it' }).hasAttribute('disabled')).toBe(true);
    expect(within(d).queryByRole('link')).toBeNull();
  });

  it('beautifies the template, and refuses text that is not JSON before sending it', async () => {
    const fake = api({ 'mock/infoByPageId': ok([]) });
    const { user } = show();
    const d = await dialog();
    await waitFor(() => expect(templateBox(d).value).toContain('"list|3"'));
    await user.clear(templateBox(d));
    await user.click(templateBox(d));
    await user.paste('{"a":[1,2]}');
    await user.click(within(d).getByRole('button', { name: 'Beautify JSON' }));
    expect(templateBox(d).value).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');

    await user.type(templateBox(d), 'oops');
    await user.click(within(d).getByRole('button', { name: 'Save mock' }));
    expect(await within(d).findByText('This is not valid JSON, so it could not be formatted.')).toBeTruthy();
    expect(fake.callsTo('mock/add')).toEqual([]);
  });

  it('saves path and template, then shows the address the server gave', async () => {
    const fake = api({
      'mock/infoByPageId': ok([]),
      'mock/add': (params: URLSearchParams) => ok({ page_id: 10, path: `/${params.get('path') ?? ''}`, unique_key: saved.unique_key }),
    });
    const { user } = show();
    const d = await dialog();
    await waitFor(() => expect(templateBox(d).value).toContain('"list|3"'));
    await user.clear(pathBox(d));
    await user.type(pathBox(d), '用户/1');
    await user.click(within(d).getByRole('button', { name: 'Save mock' }));
    expect(await screen.findByText('Mock saved: it answers now')).toBeTruthy();
    const sent = Object.fromEntries(fake.callsTo('mock/add')[0]?.params ?? []);
    expect(sent).toMatchObject({ page_id: '10', path: '用户/1' });
    expect(JSON.parse(sent.template ?? '')).toHaveProperty(['data', 'list|3']);
    const url = `${origin}/server/mock-path/5?path=${encodeURIComponent('/用户/1')}`;
    expect(await within(d).findByRole('link', { name: url })).toBeTruthy();
    expect(pathBox(d).value).toBe('/用户/1');
  });

  it('shows the server’s refusal, such as an unsafe regular expression', async () => {
    api({ 'mock/add': fail(10101, 'This regular expression could take too long to match (nested or repeated quantifiers); simplify it') });
    const { user } = show();
    const d = await dialog();
    await waitFor(() => expect(pathBox(d).value).toBe('/orders/1'));
    await user.clear(pathBox(d));
    await user.type(pathBox(d), '~(a+)+$');
    await user.click(within(d).getByRole('button', { name: 'Save mock' }));
    expect(await within(d).findByText(/could take too long to match/)).toBeTruthy();
  });

  it('gives a ~regex mock its key address, which always answers', async () => {
    api({ 'mock/infoByPageId': ok({ ...saved, path: '~^/orders/\\d+$' }) });
    show();
    const d = await dialog();
    const keyUrl = `${origin}/server/mock-data/${saved.unique_key}`;
    expect(await within(d).findByRole('link', { name: keyUrl })).toBeTruthy();
    expect(within(d).getByText(/answers every path it matches/)).toBeTruthy();
  });

  it('offers a retry when the mock cannot be loaded', async () => {
    let answers = 0;
    api({ 'mock/infoByPageId': () => (++answers === 1 ? new Response('down', { status: 502 }) : ok(saved)) });
    const { user } = show();
    const d = await dialog();
    await user.click(await within(d).findByRole('button', { name: /Retry|Try again/ }));
    await waitFor(() => expect(pathBox(d).value).toBe('/orders/1'));
  });

  it('speaks Chinese and fits a 375 px phone', async () => {
    stubNarrowScreen();
    api();
    await act(() => i18n.changeLanguage('zh-CN'));
    show();
    const d = await screen.findByRole('dialog', { name: 'Mock 接口' });
    expect(await within(d).findByRole('button', { name: '保存 Mock' })).toBeTruthy();
    expect(within(d).getByText('可用占位符：')).toBeTruthy();
    expect(d.closest('.ant-modal')?.getAttribute('style') ?? '').not.toContain('760px');
  });
});
