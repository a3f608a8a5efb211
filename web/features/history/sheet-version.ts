import { readWorkbook } from '../../../common/spreadsheet/read';
import { sheetText } from '../../../common/spreadsheet/text';

/** ShowDoc's spreadsheet projects (item_type 4) keep one page of x-spreadsheet JSON. */
export const SPREADSHEET_ITEM_TYPE = 4;

/**
 * What a version of a page shows in history and diffs: a spreadsheet's JSON as one readable line per
 * filled cell (with its formatting and the merges), so a one-cell edit is a one-line change instead of a
 * rewritten JSON blob; any other page as written.
 */
export function versionText(content: string, isSheet: boolean): string {
  return isSheet ? sheetText(readWorkbook(content), { details: true }) : content;
}
