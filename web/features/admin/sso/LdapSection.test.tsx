import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LdapConfig } from '../../../api/ldap';
import { fail, ok } from '../../../test/fake-api';
import { adminSite, params, renderAdmin } from '../admin-test-site';

const saved: LdapConfig = {
  ldap_open: 0,
  ldap_form: {
    host: 'ldap.example.com',
    port: 389,
    version: 3,
    security: 'starttls',
    ca_pem: '',
    base_dn: 'ou=people,dc=example,dc=com',
    bind_dn: 'cn=folio,dc=example,dc=com',
    bind_password: '',
    bind_password_set: 1,
    search_filter: '(&(objectClass=person)(uid=%s))',
    user_field: 'uid',
    name_field: 'cn',
    mail_field: 'mail',
  },
};

const open = () => renderAdmin('/admin/index?tab=externalLogin');

describe('the LDAP section', () => {
  it('shows the saved form without the password, and saves it turned on', async () => {
    const api = adminSite({ 'adminSetting/loadLdapConfig': ok(saved), 'adminSetting/saveLdapConfig': ok([]) });
    const { user } = open();
    const host = await screen.findByLabelText('Server');
    expect((host as HTMLInputElement).value).toBe('ldap.example.com');
    expect(screen.getByText('A password is saved: leave empty to keep it')).toBeTruthy();
    expect((screen.getByLabelText('Bind password') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('radio', { name: 'StartTLS' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'LDAPS' }));
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('636');
    await user.click(screen.getByRole('switch', { name: 'Sign in with LDAP' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('adminSetting/saveLdapConfig')).toHaveLength(1));
    const sent = params(api.callsTo('adminSetting/saveLdapConfig')[0]);
    expect(sent.ldap_open).toBe('1');
    const form = JSON.parse(sent.ldap_form ?? '{}') as Record<string, unknown>;
    expect(form).toMatchObject({ host: 'ldap.example.com', port: 636, security: 'ldaps', bind_password: '', user_field: 'uid' });
    expect(form).not.toHaveProperty('bind_password_set');
    expect(await screen.findByText('LDAP settings saved')).toBeTruthy();
  });

  it('tests the connection as typed and shows which step failed', async () => {
    const api = adminSite({
      'adminSetting/loadLdapConfig': ok(saved),
      'adminSetting/testLdapConfig': ok({ ok: 0, step: 'tls', message: 'The secure connection (TLS) failed: SELF_SIGNED_CERT_IN_CHAIN', dn: '', username: '', name: '', email: '' }),
    });
    const { user } = open();
    const host = await screen.findByLabelText('Server');
    await user.clear(host);
    await user.type(host, 'dc1.corp.example');
    await user.type(screen.getByLabelText('Username to look up'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection test failed · Step: TLS')).toBeTruthy();
    expect(screen.getByText(/SELF_SIGNED_CERT_IN_CHAIN/)).toBeTruthy();
    const sent = params(api.callsTo('adminSetting/testLdapConfig')[0]);
    expect(sent.test_username).toBe('alice');
    expect(JSON.parse(sent.ldap_form ?? '{}')).toMatchObject({ host: 'dc1.corp.example' });
    expect(api.callsTo('adminSetting/saveLdapConfig')).toHaveLength(0);
  });

  it('shows the user the test found', async () => {
    adminSite({
      'adminSetting/loadLdapConfig': ok(saved),
      'adminSetting/testLdapConfig': ok({ ok: 1, step: 'ok', message: 'Found zhangsan', dn: 'uid=zhangsan,ou=people', username: 'zhangsan', name: '张三', email: 'z@example.com' }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection works')).toBeTruthy();
    expect(screen.getByText('zhangsan · 张三 · z@example.com')).toBeTruthy();
  });

  it('shows the server’s refusal of a save', async () => {
    adminSite({ 'adminSetting/loadLdapConfig': ok(saved), 'adminSetting/saveLdapConfig': fail(10101, 'The LDAP setting "host" is not valid') });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The LDAP setting "host" is not valid')).toBeTruthy();
  });
});
