import { z } from 'zod';
import { noInput, zId, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import * as templates from './service.js';
import { MAX_TEMPLATE_CHARS } from './service.js';

/** ShowDoc takes `item_id` as a comma list ("3,5"); an empty list withdraws every share. */
const itemIdList = zText(10_000)
  .default('')
  .transform((text, ctx) => {
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length > 500 || parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1)) {
      ctx.addIssue({ code: 'custom', message: 'item ids' });
      return z.NEVER;
    }
    return parts.map(Number);
  });

const noNul = (max: number) => zText(max).refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

export const templateRoutes = [
  defineRoute({
    path: 'template/save',
    input: z.object({ template_title: noNul(4000).default(''), template_content: noNul(MAX_TEMPLATE_CHARS).default('') }),
    auth: 'required',
    bodyLimit: 4 * MAX_TEMPLATE_CHARS,
    handler: (ctx, input) => templates.saveTemplate(requireUser(ctx), input.template_title, input.template_content),
  }),
  defineRoute({ path: 'template/getMyList', input: noInput, auth: 'required', handler: (ctx) => templates.myTemplates(requireUser(ctx)) }),
  defineRoute({ path: 'template/getList', input: noInput, auth: 'required', handler: (ctx) => templates.myTemplates(requireUser(ctx)) }),
  defineRoute({ path: 'template/getItemList', input: z.object({ item_id: zId }), auth: 'required', handler: (ctx, input) => templates.itemTemplates(requireUser(ctx), input.item_id) }),
  defineRoute({ path: 'template/delete', input: z.object({ id: zId }), auth: 'required', handler: (ctx, input) => templates.deleteTemplate(requireUser(ctx), input.id) }),
  defineRoute({
    path: 'template/shareToItem',
    input: z.object({ template_id: zId, item_id: itemIdList }),
    auth: 'required',
    handler: (ctx, input) => templates.shareTemplate(requireUser(ctx), input.template_id, input.item_id),
  }),
  defineRoute({
    path: 'template/getShareItemList',
    input: z.object({ template_id: zId }),
    auth: 'required',
    handler: (ctx, input) => templates.templateShares(requireUser(ctx), input.template_id),
  }),
];
