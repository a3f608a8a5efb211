import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { HomePageSetting, ServerVersion } from '../../../common/answers/common.js';
import { QrCode } from './schema.js';
import * as common from './service.js';

export const commonRoutes = [
  defineRoute({ path: 'common/homePageSetting', input: noInput, auth: 'none', get: 'read', output: HomePageSetting, handler: (ctx) => common.homePageSetting(ctx) }),
  defineRoute({ path: 'common/version', input: noInput, auth: 'none', get: 'read', output: ServerVersion, handler: () => common.version() }),
  defineRoute({
    path: 'common/qrcode',
    input: QrCode,
    auth: 'none',
    get: 'link',
    handler: (_ctx, input) => common.qrcode(input.url, input.size),
  }),
];
