import { z } from 'zod';
import * as answer from '../../../common/answers/template.js';
import { noInput, zId, zIdList, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import * as templates from './service.js';
import { MAX_TEMPLATE_CHARS } from './service.js';

/** Projects one template may be shared into. */
const MAX_SHARES = 500;

const noNul = (max: number) => zText(max).refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

export const templateRoutes = [
  defineRoute({
    path: 'template/save',
    input: z.object({ template_title: noNul(4000).default(''), template_content: noNul(MAX_TEMPLATE_CHARS).default('') }),
    auth: 'required',
    bodyLimit: 4 * MAX_TEMPLATE_CHARS,
    output: answer.TemplateSaved,
    handler: (ctx, input) => templates.saveTemplate(requireUser(ctx), input.template_title, input.template_content),
  }),
  defineRoute({ path: 'template/getMyList', input: noInput, auth: 'required', output: answer.MyTemplates, handler: (ctx) => templates.myTemplates(requireUser(ctx)) }),
  defineRoute({ path: 'template/getList', input: noInput, auth: 'required', output: answer.MyTemplates, handler: (ctx) => templates.myTemplates(requireUser(ctx)) }),
  defineRoute({ path: 'template/getItemList', input: z.object({ item_id: zId }), auth: 'required', output: answer.ItemTemplates, handler: (ctx, input) => templates.itemTemplates(requireUser(ctx), input.item_id) }),
  defineRoute({ path: 'template/delete', input: z.object({ id: zId }), auth: 'required', output: answer.TemplateDone, handler: (ctx, input) => templates.deleteTemplate(requireUser(ctx), input.id) }),
  defineRoute({
    path: 'template/shareToItem',
    input: z.object({ template_id: zId, item_id: zIdList(MAX_SHARES) }),
    auth: 'required',
    output: answer.TemplateDone,
    handler: (ctx, input) => templates.shareTemplate(requireUser(ctx), input.template_id, input.item_id),
  }),
  defineRoute({
    path: 'template/getShareItemList',
    input: z.object({ template_id: zId }),
    auth: 'required',
    output: answer.TemplateShares,
    handler: (ctx, input) => templates.templateShares(requireUser(ctx), input.template_id),
  }),
];
