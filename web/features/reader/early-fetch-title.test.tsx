import { render, screen } from '@testing-library/react';
import { Route, Routes, MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { readerKeys } from '../../api/reader';
import ItemShow from '../../routes/ItemShow';
import { guestSite, installFakeApi, ok } from '../../test/fake-api';
import { itemInfo, menuPage, pageInfo } from '../../test/project-answers';
import { TestProviders } from '../../test/render';
import { startReaderFetches } from './early-fetch';

const item = itemInfo({
  item_id: 5,
  item_name: 'Peer Demo',
  menu: { pages: [menuPage({ page_id: 10, page_title: 'README' }), menuPage({ page_id: 11, page_title: 'Getting started' })], catalogs: [] },
});
const pages: Record<string, string> = { '10': 'README', '11': 'Getting started' };

function site() {
  installFakeApi(
    guestSite({
      'item/info': ok(item),
      'page/info': (params: URLSearchParams) => {
        const id = params.get('page_id') ?? '';
        return ok(pageInfo({ page_id: Number(id), page_title: pages[id] ?? '', page_content: 'text' }));
      },
    }),
  );
}

/** The project view at `path` on this query cache, as the app renders it. */
function openReader(path: string, queryClient = createQueryClient()) {
  return render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/:itemRef/:pageId?" element={<ItemShow />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  document.title = 'Folio';
});

describe('the tab title when the reader’s answers arrived before React rendered (issue 21)', () => {
  it('names the page, not the project, when item/info and page/info are already cached', async () => {
    site();
    // The reader's code is already there, as early-fetch.ts and the modulepreload links make it in the app.
    const first = openReader('/5/10');
    expect(await screen.findByRole('tree', { name: 'Catalog' }, { timeout: 30_000 })).toBeTruthy();
    first.unmount();

    const queryClient = createQueryClient();
    startReaderFetches(queryClient, '/5/11');
    await vi.waitFor(() => expect(queryClient.getQueryData(readerKeys.page(11))).toBeDefined());
    await vi.waitFor(() => expect(queryClient.getQueryData(readerKeys.item('5'))).toBeDefined());

    openReader('/5/11', queryClient);
    // Both answers were there for the first render: the reader is on screen at once, its title set.
    expect(screen.getByRole('tree', { name: 'Catalog' })).toBeTruthy();
    expect(document.title).toBe('Getting started · Folio');
  }, 60_000);
});
