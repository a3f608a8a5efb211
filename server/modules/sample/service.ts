import type { AuthedCtx, Ctx } from '../../context.js';
import { withItemsLocked } from '../../db/locks.js';
import { siteSetting } from '../admin/setting-values.js';
import { addItem } from '../item/lifecycle.js';
import { pageWriter } from '../page/writer.js';
import { sampleProjects, type SampleProject } from './content.js';

export interface NewAccount {
  uid: number;
  username: string;
  groupid: number;
}

/**
 * Gives a new account the sample projects in the request's language, unless the site setting
 * `create_sample` is 0. Called once an account exists: by registering, by an administrator adding the
 * account, and (later) by the first login of a single-sign-on account. Projects are made by item
 * creation and pages by the page writer, as if the person had written them, so menus, search and the
 * change log are right. A failure here must not undo or fail the account: it is reported and skipped.
 */
export async function giveSampleProjects(ctx: Ctx, account: NewAccount): Promise<number[]> {
  if ((await siteSetting(ctx.db, 'create_sample')) !== 1) return [];
  const asOwner: AuthedCtx = { ...ctx, user: { uid: account.uid, username: account.username, name: '', groupid: account.groupid, tokenId: 0 } };
  const created: number[] = [];
  for (const sample of sampleProjects(ctx.lang)) {
    try {
      created.push(await createSample(asOwner, sample));
    } catch (error) {
      console.error(`Folio: sample project "${sample.name}" for uid ${account.uid} failed:`, error);
    }
  }
  return created;
}

async function createSample(ctx: AuthedCtx, sample: SampleProject): Promise<number> {
  const { item_id } = await addItem(ctx, {
    item_name: sample.name,
    item_description: sample.description,
    item_domain: '',
    password: '',
    item_type: 1,
    item_group_id: 0,
    copy_item_id: 0,
  });
  await withItemsLocked(ctx, [item_id], async (trx) => {
    // Nothing to keep or log for a project born with its pages (as imports of a new project).
    const writer = pageWriter(ctx, trx, item_id, { author: { uid: ctx.user.uid, username: ctx.user.username }, keepHistory: false, logEachPage: false });
    let order = 1;
    for (const page of sample.pages) await writer.create({ catId: 0, title: page.title, content: page.content, sNumber: order++ });
    for (const catalog of sample.catalogs) {
      const { cat_id } = await trx
        .insertInto('catalog')
        .values({ cat_name: catalog.name, item_id, s_number: order++, addtime: ctx.clock.now(), parent_cat_id: 0, level: 2 })
        .returning('cat_id')
        .executeTakeFirstOrThrow();
      for (const page of catalog.pages) await writer.create({ catId: cat_id, title: page.title, content: page.content, sNumber: order++ });
    }
  });
  return item_id;
}
