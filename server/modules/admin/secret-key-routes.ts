import { z } from 'zod';
import { LoginSecretKey } from '../../../common/answers/ai.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { noInput, zFlag } from '../../http/fields.js';
import { requireAdmin } from './access.js';
import { getLoginSecretKey, resetLoginSecretKey, saveSecretKeySettings } from './secret-key-service.js';

const SaveSecretKeySettings = z.object({ create_user: zFlag });

/** adminSetting/getLoginSecretKey and resetLoginSecretKey (administrators only). */
export const secretKeySettingRoutes: RouteDef[] = [
  defineRoute({
    path: 'adminSetting/getLoginSecretKey',
    input: noInput,
    auth: 'required',
    output: LoginSecretKey,
    handler: (ctx) => getLoginSecretKey(requireAdmin(ctx).db),
  }),
  defineRoute({
    path: 'adminSetting/resetLoginSecretKey',
    input: noInput,
    auth: 'required',
    output: LoginSecretKey,
    handler: (ctx) => resetLoginSecretKey(requireAdmin(ctx).db),
  }),
  // Folio: whether a link may create the account it names (ShowDoc always did).
  defineRoute({
    path: 'adminSetting/saveLoginSecretKeySettings',
    input: SaveSecretKeySettings,
    auth: 'required',
    output: LoginSecretKey,
    handler: (ctx, input) => saveSecretKeySettings(requireAdmin(ctx).db, input.create_user),
  }),
];
