import { z } from 'zod';
import { zId } from '../../http/fields.js';

/** `sheet/importXlsx`: multipart `item_id` + `file`. */
export const ImportXlsx = z.object({ item_id: zId });
export type ImportXlsxInput = z.infer<typeof ImportXlsx>;

/** `sheet/exportXlsx?item_id=`. */
export const ExportXlsx = z.object({ item_id: zId });
export type ExportXlsxInput = z.infer<typeof ExportXlsx>;
