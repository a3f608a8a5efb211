import type { RouteDef } from './http/route.js';
import { attachmentRoutes } from './modules/attachment/routes.js';
import { templateRoutes } from './modules/template/routes.js';
import { teamRoutes } from './modules/team/routes.js';
import { mockRoutes } from './modules/mock/routes.js';
import { subscriptionRoutes } from './modules/subscription/routes.js';
import { messageRoutes } from './modules/message/routes.js';
import { memberRoutes } from './modules/member/routes.js';
import { captchaRoutes } from './modules/captcha/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { changeLogRoutes } from './modules/changeLog/routes.js';
import { recycleRoutes } from './modules/recycle/routes.js';
import { commonRoutes } from './modules/common/routes.js';
import { itemRoutes } from './modules/item/routes.js';
import { itemGroupRoutes } from './modules/itemGroup/routes.js';
import { pageRoutes } from './modules/page/routes.js';
import { sqlTableRoutes } from './modules/page/sql-table-routes.js';
import { userRoutes } from './modules/user/routes.js';
import { importRoutes } from './modules/import/routes.js';
import { exportRoutes } from './modules/export/routes.js';
import { openRoutes } from './modules/open/routes.js';
import { compatRoutes } from './modules/compat/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { sheetRoutes } from './modules/sheet/routes.js';
import { boardRoutes } from './modules/board/routes.js';

/** Every API action, by module. */
export const allRoutes: RouteDef[] = [...commonRoutes, ...captchaRoutes, ...userRoutes, ...itemRoutes, ...itemGroupRoutes, ...catalogRoutes, ...recycleRoutes, ...changeLogRoutes, ...pageRoutes, ...sqlTableRoutes, ...attachmentRoutes, ...templateRoutes, ...mockRoutes, ...subscriptionRoutes, ...messageRoutes, ...memberRoutes, ...teamRoutes, ...openRoutes, ...exportRoutes, ...importRoutes, ...sheetRoutes, ...boardRoutes, ...adminRoutes, ...compatRoutes];
