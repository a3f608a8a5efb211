import type { Page } from 'playwright-core';
import { callApi } from './fixtures.js';

/** A page body with what a reader must render: headings, a table, code, a task list, math and a diagram. */
export const RICH_PAGE = [
  '# Getting started',
  '',
  'Welcome to the **payments** service. Every call needs a token.',
  '',
  'Terms &copy; AT&amp;T, &notin; but &notit; as typed.',
  '',
  '## Authentication',
  '',
  '| field | type | meaning |',
  '|---|---|---|',
  '| token | string | issued by the admin |',
  '',
  '```js',
  "const answer = await fetch('/api/pay', { method: 'POST' });",
  '```',
  '',
  '- [x] create an account',
  '- [ ] ask for a token',
  '',
  '## Fees',
  '',
  'The fee is $f = 0.02 \\times a$ of the amount $a$.',
  '',
  '```mermaid',
  'graph LR; Client-->Gateway; Gateway-->Ledger;',
  '```',
  '',
  ...Array.from({ length: 30 }, (_, i) => `Filler line ${i + 1} so that the page scrolls.\n`),
  '## Webhooks',
  '',
  'A webhook calls your server when a payment settles.',
].join('\n');

export interface SeededProject {
  itemId: number;
  name: string;
  cats: { guides: number; reference: number; deep: number };
  pages: { start: number; orders: number; refunds: number; deepPage: number };
}

/**
 * A public project shaped like real docs: a root page, "Guides" with a page, "Reference" with a
 * sub-catalog and a Chinese page, made through the API as its owner.
 */
export async function seedProject(owner: Page, name: string): Promise<SeededProject> {
  const { item_id } = await callApi<{ item_id: number }>(owner, 'item/add', { item_type: 1, item_name: name, item_description: 'Docs of the payment service' });
  const itemId = Number(item_id);
  // As in ShowDoc, catalog/save answers with the bare id.
  const catalog = async (cat_name: string, parent_cat_id = 0) => Number(await callApi<number>(owner, 'catalog/save', { item_id: itemId, cat_name, parent_cat_id }));
  const page = async (page_title: string, page_content: string, cat_id = 0, s_number = 99) =>
    Number((await callApi<{ page_id: number }>(owner, 'page/save', { item_id: itemId, cat_id, page_title, page_content, s_number })).page_id);

  const guides = await catalog('Guides');
  const reference = await catalog('Reference');
  const deep = await catalog('Orders API', reference);
  const start = await page('Getting started', RICH_PAGE, 0, 1);
  const refunds = await page('Refunds', '# Refunds\n\nMoney goes back within 5 days.\n', guides);
  const orders = await page('订单管理', '# 订单管理\n\n创建订单、查询订单状态。订单接口需要签名。\n', deep);
  const deepPage = await page('Order webhooks', '# Order webhooks\n\nA webhook per order state.\n', deep);
  return { itemId, name, cats: { guides, reference, deep }, pages: { start, orders, refunds, deepPage } };
}

/** The tree row of a page or catalog, by its exact title. */
export const treeItem = (page: Page, title: string) => page.getByRole('treeitem', { name: title, exact: true });
