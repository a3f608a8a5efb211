import type { MyAttachment } from '../../../common/answers/attachment.js';
import { formatTime } from '../../http/time.js';
import { fileUrl } from './file-url.js';

/** The `upload_file` columns a file list shows. */
export interface StoredFile {
  file_id: number;
  uid: number;
  file_type: string;
  visit_times: number;
  file_size: number | string | bigint;
  item_id: number;
  page_id: number;
  display_name: string;
  sign: string;
  addtime: number;
  last_visit_time: number;
}

/** Sizes in MB with two decimals, as ShowDoc shows them. */
export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** One file as the owner's list and the administrator's list show it (seed 000 §13, seed 001 §5). */
export function presentFile(row: StoredFile, origin: string, timeZone: string): MyAttachment {
  const size = Number(row.file_size);
  return {
    file_id: row.file_id,
    uid: row.uid,
    file_type: row.file_type,
    visit_times: row.visit_times,
    file_size: size,
    file_size_m: megabytes(size),
    item_id: row.item_id,
    page_id: row.page_id,
    display_name: row.display_name,
    url: fileUrl(origin, row.sign),
    addtime: formatTime(row.addtime, timeZone),
    last_visit_time: row.last_visit_time ? formatTime(row.last_visit_time, timeZone) : '',
  };
}
