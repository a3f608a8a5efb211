import { apiPost } from './client';

/** ShowDoc sends numbers from database rows as strings; Folio sends numbers. */
type Num = number | string;

/** One entry of `item/getChangeLog` (seed 001 §3 "Change log"). */
export interface ChangeLogEntry {
  id?: Num;
  /** `YYYY-MM-DD HH:mm:ss`. */
  optime: string;
  /** Who did it: `username(name)`, or the username alone. */
  oper: string;
  /** `create`, `update`, `delete`, `recover`, … */
  op_action_type: string;
  /** `page`, `catalog`, `item`, `team`, `member`, `tree`. */
  op_object_type: string;
  /** The action and object in the caller's language, worded by the server. */
  op_action_type_desc: string;
  op_object_type_desc: string;
  op_object_name: string;
  op_object_id: Num;
}

export interface ChangeLogPage {
  total: Num;
  list: ChangeLogEntry[];
}

/** Seed 001 §9: the change log shows 10 entries a page. */
export const CHANGE_LOG_PAGE_SIZE = 10;

/** One page of the project's activity log, newest first (managers only). Silent: the dialog shows a refusal in place. */
export function fetchChangeLog(itemId: number, page: number, signal?: AbortSignal): Promise<ChangeLogPage> {
  return apiPost<ChangeLogPage>('item/getChangeLog', { item_id: itemId, page, count: CHANGE_LOG_PAGE_SIZE }, { silent: true, signal });
}
