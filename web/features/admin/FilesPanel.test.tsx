import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { adminSite, fileRow, params, renderAdmin } from './admin-test-site';

const files = [fileRow(11, 'spec.pdf'), fileRow(12, 'diagram.png', { attachment_type: 1, file_type: 'image/png', page_count: 2 }), fileRow(13, 'old.zip')];

describe('the attachments panel', () => {
  it('lists every file with the used space, and filters by type and uploader', async () => {
    const api = adminSite({ 'attachment/getAllList': ok({ total: 3, list: files, used_m: 12.5 }) });
    const { user } = renderAdmin('/admin/index?tab=files');
    const link = await screen.findByRole('link', { name: 'spec.pdf' });
    expect(link.getAttribute('href')).toContain('visitFile');
    expect(screen.getByText('All files take 12.50 MB')).toBeTruthy();
    expect(screen.getByText('2 pages')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Images' }));
    await user.type(screen.getByRole('textbox', { name: 'Search uploader' }), 'bob');
    await waitFor(() => expect(api.callsTo('attachment/getAllList').some((call) => call.params.get('username') === 'bob')).toBe(true));
    expect(params(api.callsTo('attachment/getAllList').at(-1))).toEqual({ page: '1', count: '15', attachment_type: '1', display_name: '', username: 'bob' });
  });

  it('selects several unused files and deletes them together after a confirmation', async () => {
    const api = adminSite({
      'attachment/getUnusedList': ok({ total: 2, list: [files[0], files[2]], used_m: 12.5 }),
      'attachment/batchDeleteAttachments': ok({ deleted: 2 }),
    });
    const { user } = renderAdmin('/admin/index?tab=files');
    await screen.findByText('All files take 0.00 MB');
    await user.click(screen.getByText('Unused files'));
    await user.click(await screen.findByLabelText('Select spec.pdf'));
    await user.click(screen.getByLabelText('Select old.zip'));
    await user.click(screen.getByText('Delete selected (2)'));
    expect(api.callsTo('attachment/batchDeleteAttachments')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/Delete 2 files/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('attachment/batchDeleteAttachments')).toHaveLength(1));
    expect(params(api.callsTo('attachment/batchDeleteAttachments')[0])).toEqual({ file_ids: '11,13' });
  });

  it('deletes one file after a confirmation', async () => {
    const api = adminSite({ 'attachment/getAllList': ok({ total: 3, list: files, used_m: 1 }), 'attachment/deleteAttachment': ok([]) });
    const { user } = renderAdmin('/admin/index?tab=files');
    await user.click(await screen.findByLabelText('Delete old.zip'));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(params(api.callsTo('attachment/deleteAttachment')[0])).toEqual({ file_id: '13' }));
  });
});
