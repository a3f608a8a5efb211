import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';
import { MAX_TEMPLATE_BYTES } from './limits.js';

export const AddMock = z.object({ page_id: zId, template: zText(MAX_TEMPLATE_BYTES + 1).default(''), path: zText(4096).default('/') });
export type AddMockInput = z.infer<typeof AddMock>;

export const PageMock = z.object({ page_id: zId });
export type PageMockInput = z.infer<typeof PageMock>;

/** Serving answers odd input as ShowDoc does (404/400 in plain text), never with the API envelope; the body limit caps the size. */
const loose = z.union([z.string(), z.number().transform(String)]).catch('');

export const MockByKey = z.object({ unique_key: loose });
export type MockByKeyInput = z.infer<typeof MockByKey>;

export const MockByPath = z.object({ item_id: zInt(0).catch(0), path: loose.default('/') });
export type MockByPathInput = z.infer<typeof MockByPath>;
