import * as answer from '../../../common/answers/catalog.js';
import { defineRoute } from '../../http/route.js';
import { saveTree } from './bat-update.js';
import { copyCatalog } from './copy.js';
import { defaultCatalog } from './default-cat.js';
import { deleteCatalog } from './delete.js';
import * as lists from './list.js';
import { saveCatalog } from './save.js';
import { CopyCatalog, DefaultCatalog, DeleteCatalog, ItemCatalogs, PagesByCatalog, SaveCatalog, SaveTree, TREE_BODY_LIMIT } from './schema.js';

export const catalogRoutes = [
  defineRoute({ path: 'catalog/catList', input: ItemCatalogs, auth: 'optional', get: 'read', output: answer.CatalogRows, handler: (ctx, input) => lists.catList(ctx, input.item_id) }),
  defineRoute({ path: 'catalog/catListGroup', input: ItemCatalogs, auth: 'optional', get: 'read', output: answer.CatalogGroups, handler: (ctx, input) => lists.catListGroup(ctx, input.item_id) }),
  defineRoute({ path: 'catalog/catListName', input: ItemCatalogs, auth: 'optional', get: 'read', output: answer.CatalogRows, handler: (ctx, input) => lists.catListName(ctx, input.item_id) }),
  defineRoute({
    path: 'catalog/getPagesBycat',
    input: PagesByCatalog,
    auth: 'required',
    get: 'read',
    output: answer.CatalogPages, handler: (ctx, input) => lists.pagesInCatalog(ctx, input.item_id, input.cat_id),
  }),
  defineRoute({
    path: 'catalog/save',
    input: SaveCatalog,
    auth: 'required',
    // ShowDoc's `data` is the bare integer cat_id (RunApi clients rely on it), which the envelope keeps.
    output: answer.CatalogSaved, handler: (ctx, input) => saveCatalog(ctx, input),
  }),
  defineRoute({ path: 'catalog/getDefaultCat', input: DefaultCatalog, auth: 'required', get: 'read', output: answer.DefaultCatalog, handler: (ctx, input) => defaultCatalog(ctx, input) }),
  defineRoute({ path: 'catalog/delete', input: DeleteCatalog, auth: 'required', output: answer.CatalogDeleted, handler: (ctx, input) => deleteCatalog(ctx, input.cat_id, input.item_id) }),
  defineRoute({ path: 'catalog/batUpdate', input: SaveTree, auth: 'required', bodyLimit: TREE_BODY_LIMIT, output: answer.TreeSaved, handler: (ctx, input) => saveTree(ctx, input) }),
  defineRoute({
    path: 'catalog/copy',
    input: CopyCatalog,
    auth: 'required',
    output: answer.CatalogRow, handler: (ctx, input) => copyCatalog(ctx, { cat_id: input.cat_id, new_p_cat_id: input.new_p_cat_id, to_item_id: input.to_item_id, move: input.is_del }),
  }),
];
