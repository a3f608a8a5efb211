import { z } from 'zod';
import { noInput, zInt, zText } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { HomePageSetting, ServerVersion } from '../../../common/answers/common.js';
import * as common from './service.js';

export const commonRoutes = [
  defineRoute({ path: 'common/homePageSetting', input: noInput, auth: 'none', output: HomePageSetting, handler: (ctx) => common.homePageSetting(ctx) }),
  defineRoute({ path: 'common/version', input: noInput, auth: 'none', output: ServerVersion, handler: () => common.version() }),
  defineRoute({
    path: 'common/qrcode',
    input: z.object({ url: zText(2000).pipe(z.string().min(1)), size: zInt(1, 20).default(6) }),
    auth: 'none',
    safeForGet: true,
    handler: (_ctx, input) => common.qrcode(input.url, input.size),
  }),
];
