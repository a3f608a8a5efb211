import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyAttachment } from '../api/attachment';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import AttachmentIndex from './AttachmentIndex';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/attachment/index': <AttachmentIndex /> });

const renderCenter = () => renderRoutes('/attachment/index');

function file(id: number, name: string, extra: Partial<MyAttachment> = {}): MyAttachment {
  return {
    file_id: id,
    uid: alice.uid,
    file_type: name.endsWith('.png') ? 'image/png' : 'application/pdf',
    visit_times: 3,
    file_size: 1572864,
    file_size_m: 1.5,
    item_id: 0,
    page_id: 0,
    display_name: name,
    url: `/server/index.php?s=/api/attachment/visitFile&sign=${id}`,
    addtime: '2026-11-20 09:15:00',
    last_visit_time: '',
    ...extra,
  };
}

/** A server holding `files` for alice, answering getMyList by page, type and name like the real one. */
function aliceFiles(start: MyAttachment[], overrides: Record<string, unknown> = {}) {
  let files = [...start];
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'attachment/getMyList': (params: URLSearchParams) => {
        const type = Number(params.get('attachment_type'));
        const name = params.get('display_name') ?? '';
        const page = Number(params.get('page'));
        const count = Number(params.get('count'));
        const matching = files.filter(
          (f) => (type === -1 || (type === 1) === f.file_type.startsWith('image/')) && f.display_name.includes(name),
        );
        const used = files.reduce((sum, f) => sum + f.file_size, 0);
        return ok({
          list: matching.slice((page - 1) * count, page * count),
          total: matching.length,
          used,
          used_m: Math.round((used / 1048576) * 100) / 100,
          used_flow_m: 2.25,
        });
      },
      'attachment/deleteMyAttachment': (params: URLSearchParams) => {
        files = files.filter((f) => f.file_id !== Number(params.get('file_id')));
        return ok([]);
      },
      ...overrides,
    }),
  );
}

const list = () => screen.findByRole('list', { name: 'Your files' });

describe('the attachment center', () => {
  it('lists the files with their details and the used space', async () => {
    const api = aliceFiles([file(1, 'spec.pdf', { item_id: 4, page_id: 31, visit_times: 7 }), file(2, 'logo.png')]);
    renderCenter();

    const rows = within(await list()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const spec = rows[0] as HTMLElement;
    const link = within(spec).getByRole('link', { name: 'spec.pdf' });
    expect(link.getAttribute('href')).toBe('/server/index.php?s=/api/attachment/visitFile&sign=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(spec).getByText('File')).toBeTruthy();
    expect(within(spec).getByText('1.50 MB')).toBeTruthy();
    expect(within(spec).getByText('Downloads: 7')).toBeTruthy();
    expect(within(spec).getByText('Uploaded 2026-11-20 09:15:00')).toBeTruthy();
    expect(within(spec).getByRole('link', { name: 'Open the page “spec.pdf” is attached to' }).getAttribute('href')).toBe('/4/31');
    const logo = rows[1] as HTMLElement;
    expect(within(logo).getByText('Image')).toBeTruthy();
    expect(within(logo).queryByRole('link', { name: /Open the page/ })).toBeNull();
    expect(screen.getByText('Used space: 3.00 MB · Downloads this month: 2.25 MB')).toBeTruthy();

    const call = api.callsTo('attachment/getMyList')[0]?.params;
    expect([call?.get('page'), call?.get('count'), call?.get('attachment_type'), call?.get('display_name')]).toEqual(['1', '5', '-1', '']);
  });

  it('filters by type', async () => {
    const api = aliceFiles([file(1, 'spec.pdf'), file(2, 'logo.png')]);
    const { user } = renderCenter();
    await list();

    // antd hides the radio input itself; people click its label.
    await user.click(screen.getByText('Images'));
    expect((screen.getByRole('radio', { name: 'Images' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(api.callsTo('attachment/getMyList').at(-1)?.params.get('attachment_type')).toBe('1'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'spec.pdf' })).toBeNull());
    expect(screen.getByRole('link', { name: 'logo.png' })).toBeTruthy();

    await user.click(screen.getByText('Other files'));
    await waitFor(() => expect(api.callsTo('attachment/getMyList').at(-1)?.params.get('attachment_type')).toBe('2'));
  });

  it('pages by five, and a search goes back to the first page', async () => {
    const many = Array.from({ length: 7 }, (_, i) => file(i + 1, `report-${i + 1}.pdf`));
    const api = aliceFiles(many);
    const { user } = renderCenter();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(5);

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of files' })).getByTitle('2'));
    await screen.findByRole('link', { name: 'report-7.pdf' });
    expect(api.callsTo('attachment/getMyList').at(-1)?.params.get('page')).toBe('2');

    await user.type(screen.getByRole('textbox', { name: 'Search by file name' }), 'report-3');
    await screen.findByRole('link', { name: 'report-3.pdf' }, { timeout: 2000 });
    const searched = api.callsTo('attachment/getMyList').filter((c) => c.params.get('display_name') !== '');
    // Debounced: one call for the whole word, and on its first page.
    expect(searched.map((c) => [c.params.get('display_name'), c.params.get('page')])).toEqual([['report-3', '1']]);
    expect(screen.queryByRole('navigation', { name: 'Pages of files' })).toBeNull();
  });

  it('deletes a file after confirming, then lists again with the new used space', async () => {
    const api = aliceFiles([file(1, 'spec.pdf'), file(2, 'logo.png')]);
    const { user } = renderCenter();
    await list();
    expect(screen.getByText(/Used space: 3\.00 MB/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete “spec.pdf”' }));
    expect(await screen.findByText('Delete “spec.pdf”? Links to it in pages stop working.')).toBeTruthy();
    expect(api.callsTo('attachment/deleteMyAttachment')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.callsTo('attachment/deleteMyAttachment')[0]?.params.get('file_id')).toBe('1'));
    expect(await screen.findByText('“spec.pdf” deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'spec.pdf' })).toBeNull());
    expect(await screen.findByText(/Used space: 1\.50 MB/)).toBeTruthy();
  });

  it('says so when there are no files yet', async () => {
    aliceFiles([]);
    renderCenter();
    expect(await screen.findByText('You have not uploaded any files yet.', undefined)).toBeTruthy();
    expect(screen.getByText('Used space: 0.00 MB · Downloads this month: 2.25 MB')).toBeTruthy();
  });

  it('shows a failed load with a retry that loads again', async () => {
    let answers = 0;
    aliceFiles([file(1, 'spec.pdf')], {
      'attachment/getMyList': () => (++answers === 1 ? fail(10101, 'Storage is offline') : ok({ list: [file(1, 'spec.pdf')], total: 1, used: 1572864, used_m: 1.5, used_flow_m: 0 })),
    });
    const { user } = renderCenter();

    expect(await screen.findByText('Storage is offline', undefined)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'spec.pdf' })).toBeTruthy();
    expect(screen.queryByText('Storage is offline')).toBeNull();
  });

  it('sends guests to the login screen, coming back here afterwards', async () => {
    const api = installFakeApi(guestSite());
    const { location } = renderCenter();

    await waitFor(() => expect(decodeURIComponent(location() ?? '')).toContain('/user/login?redirect=/attachment/index'));
    expect(api.callsTo('attachment/getMyList')).toHaveLength(0);
  });
});
