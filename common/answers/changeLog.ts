import { z } from 'zod';
import { int, rowInt, text } from '../wire.js';

/** `item/getChangeLog` (transcript 73): one page of the project's activity log, newest first. */

export const ChangeLogEntry = z.object({
  id: rowInt(),
  /** 0 for the open API. */
  uid: rowInt(),
  item_id: rowInt(),
  /** `create`, `update`, `delete`, `recover`, `binding`, … */
  op_action_type: text(),
  /** `page`, `catalog`, `item`, `team`, `member`, `tree`. */
  op_object_type: text(),
  op_object_id: rowInt(),
  op_object_name: text(),
  remark: text(),
  /** `YYYY-MM-DD HH:mm:ss`. */
  optime: text(),
  username: text(),
  name: text(),
  /** Who did it: `username(name)`, or the username alone. */
  oper: text(),
  /** The action and object in the caller's language. */
  op_action_type_desc: text(),
  op_object_type_desc: text(),
});
export type ChangeLogEntry = z.infer<typeof ChangeLogEntry>;

export const ChangeLogPage = z.object({ total: int(), list: z.array(ChangeLogEntry) });
export type ChangeLogPage = z.infer<typeof ChangeLogPage>;
