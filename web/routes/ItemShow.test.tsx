import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemInfo } from '../../common/answers/item';
import type { ItemMenu, MenuCatalog, PageInfo } from '../api/reader';
import i18n from '../i18n';
import { alice, fail, guestSite, installFakeApi, ok, type FakeHandler } from '../test/fake-api';
import { itemInfo, menuCatalog, menuPage, pageInfo as pageInfoOf, pageRow, searchMenu, sharedPage } from '../test/project-answers';
import { renderProjectView } from '../test/render';
import PageShow from './PageShow';
import SharedPage from './SharedPage';
import { stubNarrowScreen } from '../test/media';

/** The menu of transcript 20, plus a second catalog. */
const menu: ItemMenu = {
  pages: [menuPage({ page_id: 10, page_title: 'README', author_uid: 1, addtime: 1795350253 })],
  catalogs: [
    menuCatalog({
      cat_id: 100,
      cat_name: 'Guides',
      pages: [menuPage({ page_id: 11, cat_id: 100, page_title: 'Getting started' })],
      catalogs: [menuCatalog({ cat_id: 101, cat_name: 'Install', level: 3, parent_cat_id: 100, pages: [menuPage({ page_id: 12, cat_id: 101, page_title: 'Install on Linux' })] })],
    }),
    menuCatalog({ cat_id: 200, cat_name: 'OpenAPI', pages: [menuPage({ page_id: 20, cat_id: 200, page_title: 'Tokens' })] }),
  ],
};

/** Page bodies as Folio's server sends them: the markdown as written. */
const contents: Record<number, { title: string; content: string; attachments?: number }> = {
  10: { title: 'README', content: '# Welcome\n\nroot page' },
  11: { title: 'Getting started', content: 'Hello **ShowDoc** & friends: a < b\n\n<img src=x onerror=alert(1)>' },
  12: {
    title: 'Install on Linux',
    content: '## Install\n\n```bash\napt install showdoc\n```\n\n## 配置说明\n\ntext\n\n### Ports\n\nmore',
    attachments: 2,
  },
  20: { title: 'Tokens', content: 'tokens' },
};

function pageInfo(pageId: number): PageInfo {
  const page = contents[pageId];
  if (!page) throw new Error(`no page ${pageId}`);
  return pageInfoOf({ page_id: pageId, page_title: page.title, page_content: page.content, author_username: 'showdoc', attachment_count: page.attachments ?? 0 });
}

type Role = 'guest' | 'reader' | 'editor' | 'manager';

function project(role: Role, overrides: Partial<ItemInfo> = {}): ItemInfo {
  return itemInfo({
    item_id: 5,
    item_name: 'Peer Demo',
    is_login: role !== 'guest',
    item_edit: role === 'editor' || role === 'manager',
    item_manage: role === 'manager',
    menu,
    ...overrides,
  });
}

/** A site with project 5; `item/info` answers the left-menu search from the titles. */
function readerSite(role: Role, overrides: Record<string, FakeHandler | unknown> = {}, item = project(role)) {
  return installFakeApi(
    guestSite({
      ...(role === 'guest' ? {} : { 'user/info': ok(alice) }),
      'item/info': (params: URLSearchParams) => {
        const keyword = params.get('keyword');
        if (!keyword) return ok(item);
        const found = [...Object.entries(contents)]
          .filter(([, page]) => page.title.toLowerCase().includes(keyword.toLowerCase()) || page.content.includes(keyword))
          .map(([id, page]) => pageRow({ page_id: Number(id), page_title: page.title, page_content: page.content }));
        return ok({ ...item, menu: searchMenu(found) });
      },
      'page/info': (params: URLSearchParams) => {
        const id = Number(params.get('page_id'));
        return contents[id] ? ok(pageInfo(id)) : fail(10101, '页面不存在');
      },
      ...overrides,
    }),
  );
}

const tree = () => screen.findByRole('tree', { name: 'Catalog' });
const rowNames = (container: HTMLElement) => within(container).getAllByRole('treeitem').map((row) => row.textContent);
const pageHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  // @ts-expect-error jsdom has no scrollIntoView; the test put one there.
  delete Element.prototype.scrollIntoView;
});

describe('the project view', () => {
  it('opens on the first page, with the catalog tree, the rendered page and who saved it', async () => {
    readerSite('guest');
    renderProjectView('/5');

    const catalog = await tree();
    // Root pages first, then catalogs; closed catalogs hide their pages.
    expect(rowNames(catalog)).toEqual(['README', 'Guides', 'OpenAPI']);
    expect(within(catalog).getByRole('treeitem', { name: 'README' }).getAttribute('aria-selected')).toBe('true');
    expect(await pageHeading('README')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('Updated by showdoc at 2026-11-22 20:24:12')).toBeTruthy();
    expect(document.title).toBe('README · Folio');
    expect(screen.getByText('Peer Demo')).toBeTruthy();
  });

  it('renders nested catalogs, opening the way to the page in the address', async () => {
    readerSite('guest');
    const { user } = renderProjectView('/5/12');

    const catalog = await tree();
    await waitFor(() => expect(rowNames(catalog)).toEqual(['README', 'Guides', 'Getting started', 'Install', 'Install on Linux', 'OpenAPI']));
    const install = within(catalog).getByRole('treeitem', { name: 'Install on Linux' });
    expect(install.getAttribute('aria-level')).toBe('3');
    expect(install.getAttribute('aria-selected')).toBe('true');
    expect(within(catalog).getByRole('treeitem', { name: 'Guides' }).getAttribute('aria-expanded')).toBe('true');

    await user.click(within(catalog).getByRole('treeitem', { name: 'OpenAPI' }));
    expect(rowNames(catalog)).toContain('Tokens');
    await user.click(within(catalog).getByRole('treeitem', { name: 'Guides' }));
    expect(rowNames(catalog)).toEqual(['README', 'Guides', 'OpenAPI', 'Tokens']);
  });

  it('changes the address when a page is clicked, without loading the menu again', async () => {
    const api = readerSite('guest');
    const { user, location } = renderProjectView('/5');
    const catalog = await tree();
    await pageHeading('README');

    await user.click(within(catalog).getByRole('treeitem', { name: 'Guides' }));
    await user.click(within(catalog).getByRole('link', { name: 'Getting started' }));

    await waitFor(() => expect(location()).toBe('/5/11'));
    expect(await pageHeading('Getting started')).toBeTruthy();
    // The stored content was HTML-escaped: shown as text, and the raw HTML it spells is sanitised.
    expect(screen.getByText(/Hello/).textContent).toBe('Hello ShowDoc & friends: a < b');
    expect(document.querySelector('.markdown-body img')?.getAttribute('onerror')).toBeFalsy();
    expect(api.callsTo('item/info')).toHaveLength(1);
    expect(api.callsTo('page/info').map((call) => call.params.get('page_id'))).toEqual(['10', '11']);
    expect(within(catalog).getByRole('link', { name: 'Getting started' }).getAttribute('href')).toBe('/5/11');
  });

  it('searches the project through item/info and lists the matching pages', async () => {
    const api = readerSite('guest');
    const { user, location } = renderProjectView('/5');
    await tree();

    // Pasted at once: the test is about what is searched and shown, not about each keystroke.
    await user.click(screen.getByRole('textbox', { name: 'Search this project' }));
    await user.paste('linux');
    const results = await screen.findByRole('tree', { name: 'Matching pages' });
    expect(rowNames(results)).toEqual(['Install on Linux']);
    expect(api.callsTo('item/info').at(-1)?.params.get('keyword')).toBe('linux');

    await user.click(within(results).getByRole('link', { name: 'Install on Linux' }));
    await waitFor(() => expect(location()).toBe('/5/12'));

    await user.clear(screen.getByRole('textbox', { name: 'Search this project' }));
    await user.paste('nothing-here');
    expect(await screen.findByText('No page mentions “nothing-here”.')).toBeTruthy();
  });

  it('moves through the tree with the keyboard', async () => {
    readerSite('guest');
    const { location } = renderProjectView('/5');
    const catalog = await tree();
    await pageHeading('README');

    catalog.focus();
    const active = () => document.getElementById(catalog.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('README');
    fireEvent.keyDown(catalog, { key: 'ArrowDown' });
    expect(active()).toBe('Guides');
    fireEvent.keyDown(catalog, { key: 'ArrowRight' });
    expect(rowNames(catalog)).toContain('Getting started');
    fireEvent.keyDown(catalog, { key: 'ArrowRight' });
    expect(active()).toBe('Getting started');
    fireEvent.keyDown(catalog, { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/5/11'));
    fireEvent.keyDown(catalog, { key: 'ArrowLeft' });
    expect(active()).toBe('Guides');
    fireEvent.keyDown(catalog, { key: 'ArrowLeft' });
    expect(rowNames(catalog)).not.toContain('Getting started');
    fireEvent.keyDown(catalog, { key: 'End' });
    expect(active()).toBe('OpenAPI');
  });

  it('focuses the search with / and with Ctrl+K', async () => {
    readerSite('guest');
    renderProjectView('/5');
    await tree();
    const search = screen.getByRole('textbox', { name: 'Search this project' });

    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search);
    search.blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(search);
  });

  it('lists the headings on the right and scrolls to one when clicked', async () => {
    readerSite('guest');
    const { user } = renderProjectView('/5/12');
    await pageHeading('Install on Linux');

    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Install', '配置说明', 'Ports']);
    expect(links[1]?.getAttribute('href')).toBe('#h-配置说明');
    expect(document.getElementById('h-配置说明')?.textContent).toBe('配置说明');

    await user.click(within(toc).getByRole('link', { name: 'Ports' }));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(within(toc).getByRole('link', { name: 'Ports' }).getAttribute('aria-current')).toBe('location');
    // Code is highlighted.
    expect(document.querySelector('pre code.hljs.language-bash')).not.toBeNull();
  });

  it('opens a link with a #fragment at that heading', async () => {
    readerSite('guest');
    renderProjectView(`/5/12#${encodeURIComponent('配置说明')}`);
    await pageHeading('Install on Linux');

    const scroll = vi.mocked(Element.prototype.scrollIntoView);
    await waitFor(() => expect(scroll.mock.contexts).toContain(document.getElementById('h-配置说明')));
    // Not sent back to the top afterwards, as a page opened without a heading is.
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('keeps 10,000 pages smooth by drawing only the rows in view', async () => {
    const many: MenuCatalog = menuCatalog({
      cat_id: 900,
      cat_name: 'Everything',
      pages: Array.from({ length: 10_000 }, (_, index) => menuPage({ page_id: 100_000 + index, cat_id: 900, page_title: `Page ${index}` })),
    });
    readerSite('guest', { 'page/info': ok(pageInfo(10)) }, project('guest', { menu: { pages: [], catalogs: [many] } }));
    const { user } = renderProjectView('/5/100000');
    const catalog = await tree();

    await waitFor(() => expect(within(catalog).getAllByRole('treeitem').length).toBeGreaterThan(10));
    const drawn = within(catalog).getAllByRole('treeitem').length;
    expect(drawn).toBeLessThan(80);
    expect(catalog.style.height).toBe(`${10_001 * 32}px`);

    catalog.focus();
    fireEvent.keyDown(catalog, { key: 'End' });
    expect(document.getElementById(catalog.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('Page 9999');
    expect(within(catalog).getAllByRole('treeitem').length).toBeLessThan(80);
    await user.keyboard('{Enter}');
  });

  it('leaves full-screen reading with Esc', async () => {
    readerSite('guest');
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await user.click(screen.getByRole('button', { name: 'Full-screen reading' }));
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.queryByText('Peer Demo')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(await tree()).toBeTruthy();
  });

  it('draws a watermark when the site asks for one', async () => {
    readerSite('reader', {}, project('reader', { show_watermark: 1 }));
    renderProjectView('/5');
    await pageHeading('README');
    const watermark = screen.getByTestId('watermark');
    const svg = decodeURIComponent(watermark.style.backgroundImage);
    expect(svg).toContain('Alice');
    expect(svg).toContain('Peer Demo');
    expect(svg).toContain('fill-opacity="0.05"');
  });

  it('opens the attachment list of a page that has attachments', async () => {
    readerSite('guest', { 'page/uploadList': ok([{ file_id: 1, display_name: 'schema.sql', url: '/server/file/1', addtime: '2026-11-22 20:00:00' }]) });
    const { user } = renderProjectView('/5/12');
    await pageHeading('Install on Linux');
    await user.click(screen.getByRole('button', { name: 'Attachments (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attachments' });
    expect((await within(dialog).findByRole('link', { name: /schema\.sql/ })).getAttribute('href')).toBe('/server/file/1');
  });
});

describe('what each role is offered', () => {
  it('a guest reads, shares, logs in; nothing to edit', async () => {
    readerSite('guest');
    renderProjectView('/5');
    await pageHeading('README');
    expect(screen.getByRole('button', { name: 'Share project' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/user/login?redirect=/5');
    expect(screen.getByRole('link', { name: 'About Folio' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit page' })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Page tools' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage project' })).toBeNull();
  });

  it('an editor gets the edit link and the page tools; the recycle bin is for managers', async () => {
    readerSite('editor');
    const { user } = renderProjectView('/5/11');
    await pageHeading('Getting started');

    expect(screen.getByRole('link', { name: 'Edit page' }).getAttribute('href')).toBe('/page/edit/5/11');
    expect(screen.getByRole('button', { name: 'User center' })).toBeTruthy();
    const bar = screen.getByRole('toolbar', { name: 'Page tools' });
    expect(within(bar).getByRole('link', { name: 'New page' }).getAttribute('href')).toBe('/page/edit/5/0');
    expect(within(bar).getByRole('link', { name: 'Copy page' }).getAttribute('href')).toBe('/page/edit/5/0?copy_page_id=11');
    expect(within(bar).getByRole('button', { name: 'New catalog' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage project' })).toBeNull();

    await user.click(within(bar).getByRole('button', { name: 'More page tools' }));
    const entries = within((await screen.findAllByRole('menu')).at(-1) as HTMLElement)
      .getAllByRole('menuitem')
      .map((entry) => entry.textContent);
    expect(entries).toEqual(['Manage catalogs', 'Page history', 'Sort pages', 'Page info', 'Delete page']);
  });

  it('opens a tool of the bar on the page on screen', async () => {
    const api = readerSite('editor', { 'page/history': ok([]) });
    const { user } = renderProjectView('/5/11');
    await pageHeading('Getting started');
    const bar = screen.getByRole('toolbar', { name: 'Page tools' });
    expect(within(bar).getByRole('button', { name: 'New catalog' })).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'More page tools' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Page history' }));
    expect(await screen.findByRole('dialog', { name: 'History of “Getting started”' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('page/history')[0]?.params.get('page_id')).toBe('11'));
  });

  it('a manager gets the project menu with the dialogs that exist', async () => {
    readerSite('manager');
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await user.click(screen.getByRole('button', { name: 'Manage project' }));
    const entries = within((await screen.findAllByRole('menu')).at(-1) as HTMLElement)
      .getAllByRole('menuitem')
      .map((entry) => entry.textContent);
    expect(entries).toEqual(['Import', 'Export', 'Project settings', 'Members', 'Recycle bin', 'Edit base info', 'Change log', 'Open API key', 'Transfer', 'Archive', 'Delete']);
  });

  it('deletes a page after confirmation and goes back to the project', async () => {
    let deleted = false;
    const api = readerSite('editor', {
      'page/delete': () => {
        deleted = true;
        return ok([]);
      },
    });
    const { user, location } = renderProjectView('/5/11');
    await pageHeading('Getting started');

    await user.click(screen.getByRole('button', { name: 'More page tools' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete page' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Getting started”?' });
    expect(deleted).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(location()).toBe('/5'));
    expect(api.callsTo('page/delete')[0]?.params.get('page_id')).toBe('11');
    expect(await screen.findByText('Page deleted')).toBeTruthy();
    expect(api.callsTo('item/info').length).toBeGreaterThan(1);
  });

  it('page info says who saved the page when', async () => {
    readerSite('editor');
    const { user } = renderProjectView('/5/11');
    await pageHeading('Getting started');
    await user.click(screen.getByRole('button', { name: 'More page tools' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Page info' }));
    expect(await screen.findByText('Last updated by showdoc at 2026-11-22 20:24:12.')).toBeTruthy();
  });
});

describe('phones', () => {
  function narrowScreen() {
    stubNarrowScreen();
  }

  it('under 1000 px the catalog is a drawer, closed after choosing a page', async () => {
    narrowScreen();
    readerSite('guest');
    const { user, location } = renderProjectView('/5/12');
    await pageHeading('Install on Linux');
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'On this page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Full-screen reading' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open the catalog' }));
    const catalog = await tree();
    await user.click(within(catalog).getByRole('link', { name: 'README' }));
    await waitFor(() => expect(location()).toBe('/5/10'));
    // The closed drawer keeps its tree in the document, hidden.
    await waitFor(() => expect(screen.queryByRole('tree', { hidden: false })).toBeNull());
  });

  it('a phone is known by its user agent too', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    readerSite('guest');
    renderProjectView('/5');
    await pageHeading('README');
    expect(screen.getByRole('button', { name: 'Open the catalog' })).toBeTruthy();
    expect(screen.queryByRole('tree')).toBeNull();
  });
});

/** What the server puts before the app's root when anyone may read the page (issue 21). */
const serverPage = () => {
  const drawn = document.createElement('div');
  drawn.id = 'first-paint';
  drawn.textContent = 'Install on Linux, as the server drew it';
  document.body.prepend(drawn);
  return drawn;
};

describe("the server's first paint of the page (issue 21)", () => {
  afterEach(() => document.getElementById('first-paint')?.remove());

  it('stays over the loading screen and goes in the frame the app shows the page', async () => {
    readerSite('guest');
    const drawn = serverPage();
    renderProjectView('/5/12');
    expect(drawn.isConnected).toBe(true);
    await pageHeading('Install on Linux');
    expect(drawn.isConnected).toBe(false);
  });

  it('goes when the project turns out to be gone', async () => {
    readerSite('guest', { 'item/info': fail(10101, 'gone') });
    const gone = serverPage();
    renderProjectView('/5/12');
    await screen.findByText('We could not find this page');
    expect(gone.isConnected).toBe(false);
  });

  it('goes when a page of the project sends the visitor elsewhere', async () => {
    readerSite('guest', { 'page/info': fail(10307, 'This project needs its visit password') });
    const drawn = serverPage();
    const { location } = renderProjectView('/5/11');
    await waitFor(() => expect(location()).toBe('/item/password/5?redirect=/5/11&page_id=11'));
    // It stays until the password screen replaces the project view: that screen comes with every interface
    // text (withAllTexts), a few ticks after the address changed.
    await waitFor(() => expect(drawn.isConnected).toBe(false));
  });
});

describe('when the project or page cannot be read', () => {
  it('a page behind the project password leads to the password screen with the page', async () => {
    readerSite('guest', { 'page/info': fail(10307, 'This project needs its visit password') });
    const { location } = renderProjectView('/5/11');
    await waitFor(() => expect(location()).toBe('/item/password/5?redirect=/5/11&page_id=11'));
  });

  it('a login-only site sends the guest to log in', async () => {
    readerSite('guest', { 'item/info': fail(10312, 'Please log in first') });
    const { location } = renderProjectView('/5/11');
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/5/11'));
  });

  it('a deleted page says so inside the project', async () => {
    readerSite('guest');
    renderProjectView('/5/999');
    expect(await screen.findByText('This page does not exist or has been deleted', undefined)).toBeTruthy();
    expect(await tree()).toBeTruthy();
  });

  it('an empty project says so, with the how-to hint in Chinese only', async () => {
    readerSite('editor', {}, project('editor', { menu: { pages: [], catalogs: [] }, item_description: 'Nothing yet' }));
    renderProjectView('/5');
    expect(await pageHeading('Peer Demo')).toBeTruthy();
    expect(screen.getByText('This project has no pages yet.')).toBeTruthy();
    expect(screen.queryByText(/工具、代码注释/)).toBeNull();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByText(/工具、代码注释或开放 API/)).toBeTruthy();
  });
});

/** The single-page screens, beside the project view. */
const singlePages = { '/page/:pageId': <PageShow />, '/p/:uniqueKey': <SharedPage /> };

describe('single pages', () => {
  it('a single-page project shows its one page without a catalog', async () => {
    readerSite('guest', {}, project('guest', { item_type: 2, menu: { pages: [menuPage({ page_id: 12, page_title: 'Install on Linux' })], catalogs: [] } }));
    renderProjectView('/5');
    expect(await pageHeading('Install on Linux')).toBeTruthy();
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeTruthy();
  });

  it('/page/{id} shows one page with a way into its project', async () => {
    readerSite('guest');
    renderProjectView('/page/11', singlePages);
    expect(await pageHeading('Getting started')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in project' }).getAttribute('href')).toBe('/5/11');
    expect(document.title).toBe('Getting started · Folio');
  });

  it('/page/{id} of a private project asks for its password with the page', async () => {
    readerSite('guest', { 'page/info': fail(10303, 'No permission') });
    const { location } = renderProjectView('/page/11', singlePages);
    await waitFor(() => expect(location()).toBe('/item/password/0?redirect=/page/11&page_id=11'));
  });

  it('/p/{key} reads a shared page through page/infoByKey', async () => {
    const key = '0123456789abcdef0123456789abcdef';
    const api = readerSite('guest', { 'page/infoByKey': ok(sharedPage({ page_id: 12, page_title: contents[12]?.title ?? '', page_content: contents[12]?.content ?? '' })) });
    renderProjectView(`/p/${key}`, singlePages);
    expect(await pageHeading('Install on Linux')).toBeTruthy();
    expect(api.callsTo('page/infoByKey')[0]?.params.get('unique_key')).toBe(key);
    expect(api.callsTo('item/info')).toHaveLength(0);
  });

  it("the server's first paint of a shared page goes when the app shows it, or leaves for the password screen", async () => {
    const key = '0123456789abcdef0123456789abcdef';
    readerSite('guest', { 'page/infoByKey': ok(sharedPage({ page_id: 12, page_title: contents[12]?.title ?? '', page_content: contents[12]?.content ?? '' })) });
    const drawn = serverPage();
    const shown = renderProjectView(`/p/${key}`, singlePages);
    await pageHeading('Install on Linux');
    expect(drawn.isConnected).toBe(false);
    shown.unmount();

    readerSite('guest', { 'page/info': fail(10303, 'No permission') });
    const again = serverPage();
    const { location } = renderProjectView('/page/11', singlePages);
    await waitFor(() => expect(location()).toBe('/item/password/0?redirect=/page/11&page_id=11'));
    expect(again.isConnected).toBe(false);
  });

  it('an expired share link says the page is not there', async () => {
    readerSite('guest', { 'page/infoByKey': fail(10101, '该分享链接已过期') });
    renderProjectView('/p/0123456789abcdef0123456789abcdef', singlePages);
    expect(await screen.findByText('This page does not exist or has been deleted', undefined)).toBeTruthy();
    expect(screen.getByText('该分享链接已过期')).toBeTruthy();
  });
});
