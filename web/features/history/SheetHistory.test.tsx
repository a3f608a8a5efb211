import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QUARTERLY_SALES } from '../../../common/spreadsheet/fixture';
import { createQueryClient } from '../../api/query-client';
import { alice, guestSite, installFakeApi, ok } from '../../test/fake-api';
import { historyEntry, historyRow, itemInfo, pageRow } from '../../test/project-answers';
import { renderScreen, TestProviders } from '../../test/render';
import PageDiff from '../../routes/PageDiff';
import { PageHistory } from './PageHistory';

/** A spreadsheet project's page holds x-spreadsheet JSON: history shows and compares its cells as text. */

const edited = QUARTERLY_SALES.replace('"华东 East"', '"华东 East（已更新）"');

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('history of a spreadsheet page', () => {
  it('previews a version as one line per filled cell, not JSON', async () => {
    installFakeApi({ 'page/history': ok([historyEntry({ page_history_id: 7, page_id: 10, page_title: '季度销售表', page_content: QUARTERLY_SALES, addtime: '2026-11-20 09:15:00' })]) });
    const user = userEvent.setup();
    render(
      <TestProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <PageHistory pageId={10} canEditComments={false} itemType={4} />
        </MemoryRouter>
      </TestProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Preview the version of 2026-11-20 09:15:00' }));
    const body = document.querySelector('.history-sheet-text');
    expect(body?.textContent).toContain('2024 销售!F2 = =SUM(B2:E2)');
    expect(body?.textContent).toContain('2024 销售!A1 = 区域 Region  [bold, bg #f4f5f8, center]');
    expect(body?.textContent).not.toContain('"cells"');
  });

  it('a markdown page still previews as markdown', async () => {
    installFakeApi({ 'page/history': ok([historyEntry({ page_history_id: 7, page_id: 10, page_content: '**bold**', addtime: '2026-11-20 09:15:00' })]) });
    const user = userEvent.setup();
    render(
      <TestProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <PageHistory pageId={10} canEditComments={false} itemType={1} />
        </MemoryRouter>
      </TestProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Preview the version of 2026-11-20 09:15:00' }));
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    expect(document.querySelector('.history-sheet-text')).toBeNull();
  });

  it('the diff screen compares cell lines: one edited cell is one line removed and one added', async () => {
    installFakeApi(
      guestSite({
        'user/info': ok(alice),
        'item/info': ok(itemInfo({ item_id: 5, item_name: '季度销售表', item_type: 4 })),
        'page/diff': ok({
          page: pageRow({ page_id: 11, item_id: 5, page_title: '季度销售表', page_content: edited }),
          history_page: historyRow({ page_history_id: 3, page_id: 11, item_id: 5, page_title: '季度销售表', page_content: QUARTERLY_SALES }),
        }),
      }),
    );
    renderScreen('/page/diff/11/3', { '/page/diff/:pageId/:historyId': <PageDiff /> });
    // The raw diff shows first; the item's type (item/info) turns it into cell lines.
    await screen.findByText(/A spreadsheet version reads as one line per filled cell/);
    await waitFor(() => expect(screen.getByText('Lines added: 1')).toBeTruthy());
    expect(screen.getByText('Lines removed: 1')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Differences between the version and the page now' });
    // Raw JSON is one long line too: the cell addresses show the sheet was read.
    expect(table.textContent).toContain('2024 销售!A2 = 华东 East');
    expect(table.textContent).toContain('（已更新）');
    expect(table.textContent).not.toContain('"rows"');
  });
});
