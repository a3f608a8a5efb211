import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { unescapeEntities } from '../../../common/html-entities';
import fixturePages from '../../../common/runapi/fixtures/team-site-runapi-pages.json';
import { setLanguage } from '../../i18n';
import { alice, guestSite, installFakeApi, ok } from '../../test/fake-api';
import { itemInfo, menuPage, pageInfo } from '../../test/project-answers';
import { renderProjectView } from '../../test/render';

/** The RunApi project of ShowDoc's fixture, as Folio serves it: type 3, read-only (item/info drops edit rights). */
const goods = unescapeEntities(fixturePages[0]?.page_content ?? '');
const order = unescapeEntities(fixturePages[1]?.page_content ?? '');
const bodies: Record<number, [string, string]> = {
  20: ['获取商品列表', goods],
  21: ['创建订单', order],
  22: ['Notes', '# Plain notes\n\nSome *markdown*.'],
  23: ['Hostile', JSON.stringify({ info: { url: 'javascript:alert(1)', method: '<img src=x onerror=alert(1)>', description: '<script>alert(1)</script>' }, request: { query: [{ name: '<b>q</b>', remark: '<img src=x onerror=alert(2)>' }] } })],
};

/** The first page of a run downloads the reader's lazy parts, which takes a while on a busy machine. */
const pageHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15000 });

function runApiProject() {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/info': ok(
        itemInfo({
          item_id: 7,
          item_name: '开放平台接口 RunApi Project',
          item_type: 3,
          item_edit: false,
          item_manage: false,
          menu: { pages: Object.entries(bodies).map(([id, [title]]) => menuPage({ page_id: Number(id), page_title: title })), catalogs: [] },
        }),
      ),
      'page/info': (params: URLSearchParams) => {
        const id = Number(params.get('page_id'));
        const [title, content] = bodies[id] ?? ['', ''];
        return ok(pageInfo({ page_id: id, page_title: title, page_content: content, author_username: 'showdoc' }));
      },
    }),
  );
}

beforeEach(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await act(() => setLanguage('en'));
});

describe('a RunApi page in the reader (issue 18 part 5)', () => {
  it('shows the method badge, the URL, the status and description, and the parameter tables, not JSON', async () => {
    runApiProject();
    renderProjectView('/7/20');
    await pageHeading('获取商品列表');
    // The request head's code loads with the first API page (lazy), a moment after the heading.
    const head = await screen.findByRole('region', { name: 'Request' });
    expect(within(head).getByText('GET')).toBeTruthy();
    expect(within(head).getByText('https://api.example.com/v1/goods')).toBeTruthy();
    expect(within(head).getByText('Status: Done')).toBeTruthy();
    expect(within(head).getByText('商品分页列表')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Query parameters' })).toBeTruthy();
    const cell = screen.getByRole('cell', { name: '关键词' });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'keyword' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: 'Yes' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: 'string' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Success response parameters' })).toBeTruthy();
    expect(screen.queryByText(/"pathVariable"/)).toBeNull();
    // Read-only on the web: no edit link, no editors' bar.
    expect(screen.queryByRole('link', { name: 'Edit page' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Page tools' })).toBeNull();
  });

  it('highlights the JSON body of a POST and lists its fields, in Chinese too', async () => {
    runApiProject();
    await act(() => setLanguage('zh-CN'));
    renderProjectView('/7/21');
    await pageHeading('创建订单');
    expect(screen.getByText('POST')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '请求参数示例' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'json字段说明' })).toBeTruthy();
    expect(document.querySelector('pre code.hljs, pre code[class*="language-json"]')).not.toBeNull();
    expect(screen.getByRole('cell', { name: '商品ID' })).toBeTruthy();
    expect(screen.getByText('无描述')).toBeTruthy();
  });

  it('shows a page that is not RunApi JSON as markdown', async () => {
    runApiProject();
    renderProjectView('/7/22');
    await pageHeading('Notes');
    expect(screen.getByRole('heading', { level: 1, name: 'Plain notes' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Request' })).toBeNull();
  });

  it('keeps markup in a hostile page as text', async () => {
    runApiProject();
    renderProjectView('/7/23');
    await pageHeading('Hostile');
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '<b>q</b>' })).toBeTruthy();
    expect(document.querySelector('.reader-page img, .reader-page script, .reader-page b')).toBeNull();
    expect(document.querySelector('.runapi-method')?.className).toBe('runapi-method runapi-method-imgsrcxonerroralert');
  });
});
