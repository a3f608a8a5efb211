import { AdminDone } from '../../../common/answers/admin.js';
import { LdapConfig, LdapTestResult } from '../../../common/answers/ldap.js';
import { noInput } from '../../http/fields.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { SaveLdapConfig, TestLdapConfig } from './ldap-schema.js';
import { loadLdapConfig, saveLdapConfig, testLdapConfig } from './ldap-service.js';

/** adminSetting/saveLdapConfig, loadLdapConfig and the connection test (administrators only). */
export const ldapSettingRoutes: RouteDef[] = [
  defineRoute({ path: 'adminSetting/loadLdapConfig', input: noInput, auth: 'required', get: 'read', output: LdapConfig, handler: (ctx) => loadLdapConfig(requireAdmin(ctx)) }),
  defineRoute({
    path: 'adminSetting/saveLdapConfig',
    input: SaveLdapConfig,
    auth: 'required',
    output: AdminDone,
    handler: (ctx, input) => saveLdapConfig(requireAdmin(ctx), input),
  }),
  defineRoute({
    path: 'adminSetting/testLdapConfig',
    input: TestLdapConfig,
    auth: 'required',
    output: LdapTestResult,
    // Each test opens a connection to another host: a few a minute is plenty for a person.
    rateLimit: { per: 'user', max: 20, windowMs: 60_000 },
    handler: (ctx, input) => testLdapConfig(requireAdmin(ctx), input),
  }),
];
