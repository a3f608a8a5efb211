import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { alice, fail, ok } from '../../test/fake-api';
import { itemDetail } from '../../test/project-answers';
import { findDialog, openManagerTool, pageHeading, projectFive, readerMenu, readerProject } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';
import { installFakeImportServer } from './fake-import-server';

const zip = (name = 'docs.zip', size = 64) => new File([new Uint8Array(size)], name, { type: 'application/zip' });

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input in the dialog');
  return input;
}

describe('import into the current project (reader menu)', () => {
  it('a manager uploads a file, sees it succeed, and the menu is loaded again', async () => {
    const api = readerProject({ role: 'manager' });
    const server = installFakeImportServer(ok({ item_id: 5 }));
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await openManagerTool(user, 'Import');
    const dialog = await findDialog('Import into “Peer Demo”');
    // What each kind of file becomes is said before anything is picked.
    expect(within(dialog).getByText(/OpenAPI 3 or Swagger 2/)).toBeTruthy();
    expect(within(dialog).getByText(/Postman collection/)).toBeTruthy();

    const infoCalls = api.callsTo('item/info').length;
    await user.upload(fileInput(dialog), zip('guides.zip'));
    expect(within(dialog).getByText('guides.zip')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('Imported into “Peer Demo”')).toBeTruthy();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.url).toBe('/api/import/auto');
    expect(server.received[0]?.fields).toEqual({ item_id: '5' });
    expect(server.received[0]?.file?.name).toBe('guides.zip');
    await waitFor(() => expect(api.callsTo('item/info').length).toBeGreaterThan(infoCalls));
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('shows progress while the file goes up', async () => {
    readerProject({ role: 'manager' });
    const server = installFakeImportServer(ok({ item_id: 5 }));
    const release = server.holdAnswers();
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await openManagerTool(user, 'Import');
    const dialog = await findDialog('Import into “Peer Demo”');
    await user.upload(fileInput(dialog), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('Uploaded. Building the pages…')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    release();
    expect(await within(dialog).findByText('Imported into “Peer Demo”')).toBeTruthy();
  });

  it('the server’s refusal is shown in place, and another file can be sent at once', async () => {
    const api = readerProject({ role: 'manager' });
    const server = installFakeImportServer(fail(10101, 'This file is not a ShowDoc export, a markdown zip, an OpenAPI file or a Postman collection.'), ok({ item_id: 5 }));
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await openManagerTool(user, 'Import');
    const dialog = await findDialog('Import into “Peer Demo”');
    await user.upload(fileInput(dialog), zip('notes.zip'));
    const infoCalls = api.callsTo('item/info').length;
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The file was not imported');
    expect(alert.textContent).toContain('This file is not a ShowDoc export');
    expect(api.callsTo('item/info')).toHaveLength(infoCalls);

    await user.upload(fileInput(dialog), new File(['openapi: 3.0.0'], 'petstore.yaml', { type: 'application/yaml' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // jsdom never finishes the fade-out of the button's spinner, whose label stays in the name.
    await user.click(within(dialog).getByRole('button', { name: /Import$/ }));
    expect(await within(dialog).findByText('Imported into “Peer Demo”')).toBeTruthy();
    expect(server.received.map((call) => call.file?.name)).toEqual(['notes.zip', 'petstore.yaml']);
  });

  it('a file over the limit is refused before anything is sent', async () => {
    readerProject({ role: 'manager' });
    const server = installFakeImportServer(ok({ item_id: 5 }));
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await openManagerTool(user, 'Import');
    const dialog = await findDialog('Import into “Peer Demo”');
    const huge = zip('huge.zip');
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(fileInput(dialog), huge);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('larger than 20 MB');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a file to import first.')).toBeTruthy();
    expect(server.received).toHaveLength(0);
  });

  it('an HTTP failure without an envelope still says something clear', async () => {
    readerProject({ role: 'manager' });
    installFakeImportServer({ status: 413, body: null });
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await openManagerTool(user, 'Import');
    const dialog = await findDialog('Import into “Peer Demo”');
    await user.upload(fileInput(dialog), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('larger than 20 MB');
  });

  it('a session that ended on the way goes to the login screen', async () => {
    readerProject({ role: 'manager' });
    installFakeImportServer(fail(10102, 'You are not logged in'));
    const { user, location } = renderProjectView('/5');
    await pageHeading('README');

    await openManagerTool(user, 'Import');
    const dialog = await findDialog('Import into “Peer Demo”');
    await user.upload(fileInput(dialog), zip());
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/5'));
  });

  it('editors get no Import: only managers have the project menu', async () => {
    readerProject({ role: 'editor' });
    renderProjectView('/5');
    await pageHeading('README');
    expect(screen.queryByRole('button', { name: 'Manage project' })).toBeNull();
  });

  it('an archived project offers no Import: it is read-only', async () => {
    readerProject({
      role: 'manager',
      overrides: {
        'item/info': ok({ ...projectFive(readerMenu, 'manager'), is_archived: 1 }),
        // item/info says no one manages an archived project; item/detail tells its managers apart.
        'item/detail': ok(itemDetail({ item_id: 5, item_name: 'Peer Demo', uid: alice.uid, is_archived: 1 })),
      },
    });
    const { user } = renderProjectView('/5');
    await pageHeading('README');
    await user.click(await screen.findByRole('button', { name: 'Manage project' }));
    const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
    expect(within(menu).getByRole('menuitem', { name: 'Open API key' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Import' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    readerProject({ role: 'manager' });
    installFakeImportServer(ok({ item_id: 5 }));
    await i18n.changeLanguage('zh-CN');
    const { user } = renderProjectView('/5');
    await pageHeading('README');

    await user.click(await screen.findByRole('button', { name: '项目管理' }));
    const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
    await user.click(within(menu).getByRole('menuitem', { name: '导入' }));
    const dialog = await findDialog('导入到“Peer Demo”');
    expect(within(dialog).getByText('各类文件导入后的样子')).toBeTruthy();
  });
});
