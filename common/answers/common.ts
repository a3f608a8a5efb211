import { z } from 'zod';
import { folioOnly, int, text } from '../wire.js';

/** `{success: true}`: ShowDoc's answer to a few updates (page/updateHistoryComments). */
export const SuccessFlag = z.object({ success: z.boolean() });

/** `common/homePageSetting`: what `/` does ('2' login screen, '3' a project, else the landing page). Transcript 60. */
export const HomePageSetting = z.object({
  home_page: text(),
  home_item: text(),
  is_show_ai: int(),
  beian: text(),
  register_open: int(),
  /** Where the header's feedback icon leads; '' = no icon (no feedback service is built in). */
  feedback_url: folioOnly(text()),
  /** The address people reach the site at (setting `site_url`, else SITE_URL), for the links the web app builds; '' = the page's own. */
  site_url: folioOnly(text()),
  /** 0 when the server runs with FOLIO_CAPTCHA=off: the app then shows no captcha field (login, register, project password). */
  captcha_open: folioOnly(int()),
});
export type HomePageSetting = z.infer<typeof HomePageSetting>;

/** `common/version`. */
export const ServerVersion = z.object({ version: text() });
export type ServerVersion = z.infer<typeof ServerVersion>;

/** A page of a longer list, `{total, list}` (message/getRemindList and the like): `total` counts every row. */
export function pagedList<T extends z.ZodType>(row: T) {
  return z.object({ total: int(), list: z.array(row) });
}
