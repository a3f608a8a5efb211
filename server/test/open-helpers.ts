import type { CallOptions, TestApp } from './harness.js';
import { registerUser, type TestUser } from './factories.js';
import { createItem, type TestItem } from './item-factories.js';

/** A project's open-API credentials, as item/getKey hands them to its manager. */
export interface ApiKey {
  api_key: string;
  api_token: string;
}

export interface OpenProject {
  owner: TestUser;
  item: TestItem;
  key: ApiKey;
}

/** A new project of a new owner, and its key. */
export async function openProject(t: TestApp, owner?: TestUser): Promise<OpenProject> {
  const user = owner ?? (await registerUser(t));
  const item = await createItem(t, user);
  const res = await t.call('item/getKey', { item_id: item.item_id }, { token: user.token });
  if (res.error_code !== 0) throw new Error(`item/getKey failed: ${res.error_code} ${res.error_message}`);
  const { api_key, api_token } = res.data as ApiKey;
  return { owner: user, item, key: { api_key, api_token } };
}

/** ShowDoc's documented URL shape for an open-API action. */
export const showdocUrl = (path: string) => `/server/index.php?s=/api/${path}`;

/** An open-API call with the project's credentials, at ShowDoc's URL unless `options.url` says otherwise. */
export function openCall(t: TestApp, path: string, key: ApiKey, params: Record<string, unknown> = {}, options: CallOptions = {}) {
  return t.call(path, { ...key, ...params }, { url: showdocUrl(path), ...options });
}

/** A text endpoint's answer body. */
export async function openText(t: TestApp, path: string, key: ApiKey, params: Record<string, unknown>, options: CallOptions = {}): Promise<string> {
  const res = await openCall(t, path, key, params, options);
  return res.response.body;
}

export async function livePages(t: TestApp, itemId: number) {
  return t.database.db.selectFrom('page').selectAll().where('item_id', '=', itemId).where('is_del', '=', 0).orderBy('page_id').execute();
}
