import { z } from 'zod';
import { rowInt, text } from '../wire.js';

/** `recycle/getList` (transcript 49): one deleted page of the project's recycle bin. */
export const RecycledPage = z.object({
  id: rowInt(),
  item_id: rowInt(),
  page_id: rowInt(),
  page_title: text(),
  del_by_uid: rowInt(),
  del_by_username: text(),
  /** `YYYY-MM-DD HH:mm:ss`. */
  del_time: text(),
});
export type RecycledPage = z.infer<typeof RecycledPage>;
export const RecycleBin = z.array(RecycledPage);
