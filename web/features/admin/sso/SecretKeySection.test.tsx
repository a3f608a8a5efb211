import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fake-api';
import { adminSite, renderAdmin } from '../admin-test-site';

const KEY = '0123456789abcdef0123456789abcdef';
const NEW_KEY = 'fedcba9876543210fedcba9876543210';

describe('the login secret key section', () => {
  it('masks the key until asked, resets it after a confirmation and shows the link format', { timeout: 60_000 }, async () => {
    let created = 0;
    const api = adminSite({
      'adminSetting/getLoginSecretKey': ok({ login_secret_key: KEY, create_user: 0 }),
      'adminSetting/resetLoginSecretKey': ok({ login_secret_key: NEW_KEY, create_user: 0 }),
      'adminSetting/saveLoginSecretKeySettings': (params: URLSearchParams) => {
        created = Number(params.get('create_user'));
        return ok({ login_secret_key: KEY, create_user: created });
      },
    });
    const { user } = renderAdmin('/admin/index?tab=externalLogin');
    const field = await screen.findByLabelText<HTMLInputElement>('Secret key');
    expect(field.value).not.toContain(KEY);
    expect(document.body.textContent).not.toContain(KEY);
    await user.click(screen.getByRole('button', { name: /Show the key/ }));
    expect(field.value).toBe(KEY);

    expect(screen.getByText(/md5\(username \+ key \+ time\)/)).toBeTruthy();
    expect(screen.getByLabelText('The link format').textContent).toContain('extLogin/bySecretKey&username=');

    await user.click(screen.getByRole('button', { name: /Reset the key/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stops working/)).toBeTruthy();
    expect(api.callsTo('adminSetting/resetLoginSecretKey')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.callsTo('adminSetting/resetLoginSecretKey')).toHaveLength(1));
    await waitFor(() => expect(field.value).toBe(NEW_KEY));

    await user.click(screen.getByRole('switch', { name: 'Create an account on first use' }));
    await waitFor(() => expect(created).toBe(1));
  });
});
