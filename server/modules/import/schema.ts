import { z } from 'zod';
import { zInt, zText } from '../../http/fields.js';

/** `item_id` 0 or absent: a new project. `from=runapi` (ShowDoc's RunApi client) is accepted and ignored: Folio makes regular projects. */
export const ImportFile = z.object({
  item_id: zInt(0).default(0),
  from: zText(20).optional(),
});
export type ImportFileInput = z.infer<typeof ImportFile>;
