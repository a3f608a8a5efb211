import { z } from 'zod';
import { zInt, zText } from '../../http/fields.js';

export const QrCode = z.object({ url: zText(2000).pipe(z.string().min(1)), size: zInt(1, 20).default(6) });
export type QrCodeInput = z.infer<typeof QrCode>;
