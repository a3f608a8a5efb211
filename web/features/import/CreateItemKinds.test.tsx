import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { alice, fail, guestSite, installFakeApi, ok } from '../../test/fake-api';
import ItemAdd from '../../routes/ItemAdd';
import { renderScreen } from '../../test/render';
import { installFakeImportServer } from './fake-import-server';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/item/add': <ItemAdd /> });

const KEYS = { item_id: 77, api_key: '0a1b2c3d4e5f', api_token: 'f00dfeedbeef' };

function site(overrides: Record<string, unknown> = {}) {
  return installFakeApi(guestSite({ 'user/info': ok(alice), 'item/getKey': ok(KEYS), ...overrides }));
}

const createDialog = () => screen.findByRole('dialog', { name: 'New project' });

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input in the dialog');
  return input;
}

describe('create-project dialog: the ways to start', () => {
  it('offers the three project types, a file import and the open API', async () => {
    site();
    renderRoutes('/item/add');
    const dialog = await createDialog();
    const kinds = within(dialog)
      .getAllByRole('radio')
      .filter((radio) => radio.closest('.item-kind-choice'))
      .map((radio) => radio.closest('label')?.querySelector('.item-kind-title')?.textContent);
    expect(kinds).toEqual(['Regular', 'Single page', 'Spreadsheet', 'Import a file', 'Generate from the open API']);
  });

  it('"Import a file" builds the project from the upload and opens it', async () => {
    const api = site();
    const server = installFakeImportServer(ok({ item_id: 88 }));
    const { user, location } = renderRoutes('/item/add');
    const dialog = await createDialog();

    await user.click(within(dialog).getByRole('radio', { name: /Import a file/ }));
    // The project is named by the file: the name, access and group fields go away.
    expect(within(dialog).queryByLabelText('Project name')).toBeNull();
    expect(within(dialog).getByText(/a catalog per tag and an API page per operation/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a file to import first.')).toBeTruthy();

    await user.upload(fileInput(dialog), new File(['{"openapi":"3.0.0"}'], 'petstore.json', { type: 'application/json' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(location()).toBe('/88'));
    expect(server.received[0]?.fields).toEqual({});
    expect(server.received[0]?.file?.name).toBe('petstore.json');
    expect(api.callsTo('item/add')).toHaveLength(0);
  });

  it('a refused file keeps the dialog open with the server’s words, and the next try goes through', async () => {
    site();
    const server = installFakeImportServer(fail(10101, 'The OpenAPI file has a $ref that points to itself.'), ok({ item_id: 89 }));
    const { user, location } = renderRoutes('/item/add');
    const dialog = await createDialog();

    await user.click(within(dialog).getByRole('radio', { name: /Import a file/ }));
    await user.upload(fileInput(dialog), new File(['x'], 'loop.yaml'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('points to itself');
    expect(location()).toBe('/item/add');

    await user.click(within(dialog).getByRole('button', { name: /Import$/ }));
    await waitFor(() => expect(location()).toBe('/89'));
    expect(server.received).toHaveLength(2);
  });

  it('an import answer without a project id goes back to the project list', async () => {
    site();
    installFakeImportServer(ok([]));
    const { user, location } = renderRoutes('/item/add');
    const dialog = await createDialog();
    await user.click(within(dialog).getByRole('radio', { name: /Import a file/ }));
    await user.upload(fileInput(dialog), new File(['x'], 'notes.zip'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(location()).toBe('/item/index'));
  });

  it('"Generate from the open API" creates a regular project and explains the API with its key', async () => {
    const api = site({ 'item/add': ok({ item_id: 77 }) });
    const { user, location } = renderRoutes('/item/add');
    const dialog = await createDialog();

    await user.click(within(dialog).getByRole('radio', { name: /Generate from the open API/ }));
    await user.type(within(dialog).getByLabelText('Project name'), 'Orders API');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));

    const guide = await screen.findByRole('dialog', { name: '“Orders API” is ready for the open API' });
    const sent = Object.fromEntries(api.callsTo('item/add')[0]?.params ?? []);
    expect(sent).toMatchObject({ item_type: '1', item_name: 'Orders API', password: '' });
    expect(api.callsTo('item/getKey')[0]?.params.get('item_id')).toBe('77');

    expect(await within(guide).findByText('0a1b2c3d4e5f')).toBeTruthy();
    expect(within(guide).getByText('f00dfeedbeef')).toBeTruthy();
    const origin = window.location.origin;
    const commands = within(guide)
      .getAllByRole('figure')
      .map((figure) => figure.querySelector('pre')?.textContent ?? '');
    const updatePage = commands.find((text) => text.includes('/api/open/updatePage')) ?? '';
    expect(updatePage).toContain(`curl -sS -X POST '${origin}/server/index.php?s=/api/open/updatePage'`);
    expect(updatePage).toContain("--data-urlencode 'api_key=0a1b2c3d4e5f'");
    expect(updatePage).toContain("--data-urlencode 'api_token=f00dfeedbeef'");
    expect(updatePage).toContain("--data-urlencode 'cat_name=");
    expect(updatePage).toContain("--data-urlencode 'page_title=");
    expect(updatePage).toContain("--data-urlencode 'page_content@README.md'");
    expect(commands.some((text) => text.includes(`'${origin}/server/index.php?s=/api/open/fromComments'`) && text.includes("'content@"))).toBe(true);
    expect(commands.some((text) => text.includes('@title') && text.includes('showdoc'))).toBe(true);
    expect(within(guide).getByRole('button', { name: 'Copy: curl: create or update a page from README.md' })).toBeTruthy();

    await user.click(within(guide).getByRole('button', { name: 'Open the project' }));
    await waitFor(() => expect(location()).toBe('/77'));
  });

  it('the copy buttons put the command on the clipboard', async () => {
    site({ 'item/add': ok({ item_id: 77 }) });
    const { user } = renderRoutes('/item/add');
    const dialog = await createDialog();
    await user.click(within(dialog).getByRole('radio', { name: /Generate from the open API/ }));
    await user.type(within(dialog).getByLabelText('Project name'), 'Orders API');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const guide = await screen.findByRole('dialog', { name: '“Orders API” is ready for the open API' });
    await within(guide).findByText('0a1b2c3d4e5f');
    await user.click(within(guide).getByRole('button', { name: 'Copy: curl: send the comments of one source file' }));
    // user-event stands in for the clipboard.
    await waitFor(async () => expect(await navigator.clipboard.readText()).toContain('/api/open/fromComments'));
    expect(await navigator.clipboard.readText()).toContain("'api_token=f00dfeedbeef'");
  });

  it('the new kinds speak Chinese', async () => {
    site();
    await i18n.changeLanguage('zh-CN');
    const { user } = renderRoutes('/item/add');
    const dialog = await screen.findByRole('dialog', { name: '新建项目' });
    expect(within(dialog).getByRole('radio', { name: /通过开放 API 生成/ })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: /导入文件/ }));
    expect(within(dialog).getByRole('button', { name: '导入' })).toBeTruthy();
    expect(within(dialog).getByText('各类文件导入后的样子')).toBeTruthy();
  });
});
