import { AboutSite, AddedAnnouncement, AdminAnnouncementList, AdminDone, DbCheck, UpdateCheck } from '../../../common/answers/admin.js';
import { ApiError } from '../../http/api-error.js';
import { noInput } from '../../http/fields.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { aboutSite } from './about.js';
import { requireAdmin } from './access.js';
import { addAnnouncement, deleteAnnouncement, listAnnouncements } from './announcement.js';
import { AddAnnouncement, AnnouncementPage, AnnouncementRef } from './site-schema.js';
import { checkDb, checkUpdate } from './update-check.js';

/** ShowDoc's self-update steps: Folio is updated by installing its package, never by the running server. */
function selfUpdateRefused(): never {
  throw new ApiError(10101, 'admin.selfUpdateOff');
}

/** Announcements, the update check, the schema check and the about panel. Every handler passes requireAdmin first. */
export const adminSiteRoutes: RouteDef[] = [
  defineRoute({ path: 'adminMessage/addAnnouncement', input: AddAnnouncement, auth: 'required', output: AddedAnnouncement, handler: (ctx, input) => addAnnouncement(requireAdmin(ctx), input) }),
  defineRoute({
    path: 'adminMessage/listAnnouncements',
    input: AnnouncementPage,
    auth: 'required',
    get: 'read',
    output: AdminAnnouncementList,
    handler: (ctx, input) => listAnnouncements(requireAdmin(ctx), input),
  }),
  defineRoute({ path: 'adminMessage/deleteAnnouncement', input: AnnouncementRef, auth: 'required', output: AdminDone, handler: (ctx, input) => deleteAnnouncement(requireAdmin(ctx), input.id) }),
  defineRoute({ path: 'adminUpdate/checkUpdate', input: noInput, auth: 'required', get: 'read', output: UpdateCheck, handler: (ctx) => checkUpdate(requireAdmin(ctx)) }),
  defineRoute({ path: 'adminUpdate/download', input: noInput, auth: 'required', output: AdminDone, handler: (ctx) => (requireAdmin(ctx), selfUpdateRefused()) }),
  defineRoute({ path: 'adminUpdate/updateFiles', input: noInput, auth: 'required', output: AdminDone, handler: (ctx) => (requireAdmin(ctx), selfUpdateRefused()) }),
  defineRoute({ path: 'update/checkDb', input: noInput, auth: 'required', output: DbCheck, handler: (ctx) => checkDb(requireAdmin(ctx)) }),
  defineRoute({ path: 'adminSetting/about', input: noInput, auth: 'required', get: 'read', output: AboutSite, handler: (ctx) => aboutSite(requireAdmin(ctx)) }),
];
