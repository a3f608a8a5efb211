import * as answer from '../../../common/answers/template.js';
import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { DeleteTemplate, ItemTemplates, SaveTemplate, ShareTemplate, TemplateShares } from './schema.js';
import * as templates from './service.js';
import { MAX_TEMPLATE_CHARS } from './service.js';

export const templateRoutes = [
  defineRoute({
    path: 'template/save',
    input: SaveTemplate,
    auth: 'required',
    bodyLimit: 4 * MAX_TEMPLATE_CHARS,
    output: answer.TemplateSaved,
    handler: (ctx, input) => templates.saveTemplate(ctx, input.template_title, input.template_content),
  }),
  defineRoute({ path: 'template/getMyList', input: noInput, auth: 'required', get: 'read', output: answer.MyTemplates, handler: (ctx) => templates.myTemplates(ctx) }),
  defineRoute({ path: 'template/getList', input: noInput, auth: 'required', get: 'read', output: answer.MyTemplates, handler: (ctx) => templates.myTemplates(ctx) }),
  defineRoute({ path: 'template/getItemList', input: ItemTemplates, auth: 'required', get: 'read', output: answer.ItemTemplates, handler: (ctx, input) => templates.itemTemplates(ctx, input.item_id) }),
  defineRoute({ path: 'template/delete', input: DeleteTemplate, auth: 'required', output: answer.TemplateDone, handler: (ctx, input) => templates.deleteTemplate(ctx, input.id) }),
  defineRoute({
    path: 'template/shareToItem',
    input: ShareTemplate,
    auth: 'required',
    output: answer.TemplateDone,
    handler: (ctx, input) => templates.shareTemplate(ctx, input.template_id, input.item_id),
  }),
  defineRoute({
    path: 'template/getShareItemList',
    input: TemplateShares,
    auth: 'required',
    get: 'read',
    output: answer.TemplateShares,
    handler: (ctx, input) => templates.templateShares(ctx, input.template_id),
  }),
];
