import { ApiError } from '../../http/api-error.js';
import { isZip, openArchive } from '../import/zip-reader.js';
import { MAX_CELL_ELEMENTS, MAX_SHEETS, MAX_XLSX_UNPACKED_BYTES } from './limits.js';

/**
 * An .xlsx is a zip that exceljs unpacks in memory by itself, so the import's zip guard reads it
 * first: names, entry count and sizes are checked, and every part is inflated once with its size
 * counted, so a part that lies about its size (a zip bomb) is refused before exceljs sees it. The
 * cells are then counted in the raw sheet XML: exceljs would otherwise build an object per cell of a
 * million-cell sheet before the import could count them.
 */

const MB = 1024 * 1024;
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
const CELL_TAG = Buffer.from('<c ');

function countOccurrences(data: Buffer, needle: Buffer, stopAfter: number): number {
  let count = 0;
  for (let at = data.indexOf(needle); at !== -1 && count <= stopAfter; at = data.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The names of the workbook's parts, once the file has passed every check. */
export async function checkXlsx(data: Buffer): Promise<string[]> {
  // Old .xls files and password-protected .xlsx files are OLE compound files, not zips.
  if (data.subarray(0, 8).equals(CFB_MAGIC)) throw new ApiError(10101, 'sheet.xlsxOldOrEncrypted');
  if (!isZip(data)) throw new ApiError(10101, 'sheet.xlsxInvalid');
  const archive = await openArchive(data);
  try {
    const paths = archive.files.map((file) => file.path);
    if (!paths.some((path) => path.toLowerCase() === 'xl/workbook.xml')) throw new ApiError(10101, 'sheet.xlsxInvalid');
    const declared = archive.files.reduce((sum, file) => sum + file.size, 0);
    if (declared > MAX_XLSX_UNPACKED_BYTES) throw new ApiError(10101, 'import.zipTooLarge', { max: String(MAX_XLSX_UNPACKED_BYTES / MB) });
    const sheets = paths.filter((path) => SHEET_PART.test(path));
    if (sheets.length > MAX_SHEETS) throw new ApiError(10101, 'sheet.tooManySheets', { max: String(MAX_SHEETS) });
    // Reading every part makes the guard count what they really inflate to, not what they declare.
    const parts = await archive.read(paths);
    let cells = 0;
    for (const path of sheets) {
      const part = parts.get(path);
      if (part) cells += countOccurrences(part, CELL_TAG, MAX_CELL_ELEMENTS);
      if (cells > MAX_CELL_ELEMENTS) throw new ApiError(10101, 'sheet.tooManyCells', { max: String(MAX_CELL_ELEMENTS) });
    }
    return paths;
  } finally {
    archive.close();
  }
}
