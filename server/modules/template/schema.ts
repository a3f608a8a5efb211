import { z } from 'zod';
import { zId, zIdList, zText } from '../../http/fields.js';
import { MAX_TEMPLATE_CHARS } from './service.js';

/** Projects one template may be shared into. */
const MAX_SHARES = 500;

const noNul = (max: number) => zText(max).refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

export const SaveTemplate = z.object({ template_title: noNul(4000).default(''), template_content: noNul(MAX_TEMPLATE_CHARS).default('') });
export type SaveTemplateInput = z.infer<typeof SaveTemplate>;

export const ItemTemplates = z.object({ item_id: zId });
export type ItemTemplatesInput = z.infer<typeof ItemTemplates>;

export const DeleteTemplate = z.object({ id: zId });
export type DeleteTemplateInput = z.infer<typeof DeleteTemplate>;

export const ShareTemplate = z.object({ template_id: zId, item_id: zIdList(MAX_SHARES) });
export type ShareTemplateInput = z.infer<typeof ShareTemplate>;

export const TemplateShares = z.object({ template_id: zId });
export type TemplateSharesInput = z.infer<typeof TemplateShares>;
