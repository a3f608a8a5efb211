import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { openProject, type OpenProject } from '../../test/open-helpers.js';

/**
 * The open-API calls recorded against ShowDoc 3.9.2 (shared/reference/showdoc-transcripts 37–40), made
 * again with the same curl command lines against a listening Folio: same envelope, same codes, same
 * fields. Folio sends numbers as JSON numbers where ShowDoc sent strings (docs/compatibility.md), so
 * values are compared as text.
 */
const run = promisify(execFile);

/** The command lines as recorded, with the host, key and token left as placeholders. */
const TRANSCRIPTS = {
  updateByApi: `curl -s -X POST '<HOST>/server/index.php?s=/api/item/updateByApi' --data-urlencode api_key=<API_KEY> --data-urlencode api_token=<API_TOKEN> --data-urlencode cat_name=OpenAPI --data-urlencode cat_name_sub=v1 --data-urlencode 'page_title=Created by API' --data-urlencode 'page_content=made via **updateByApi**' --data-urlencode s_number=5`,
  updateByApiAgain: `curl -s -X POST '<HOST>/server/index.php?s=/api/item/updateByApi' --data-urlencode api_key=<API_KEY> --data-urlencode api_token=<API_TOKEN> --data-urlencode cat_name=OpenAPI/v1 --data-urlencode 'page_title=Created by API' --data-urlencode 'page_content=made via **updateByApi**, v2'`,
  updatePage: `curl -s -X POST '<HOST>/server/index.php?s=/api/open/updatePage' --data-urlencode api_key=<API_KEY> --data-urlencode api_token=<API_TOKEN> --data-urlencode cat_name=OpenAPI --data-urlencode 'page_title=Via open/updatePage' --data-urlencode page_content=x`,
  badToken: `curl -s -X POST '<HOST>/server/index.php?s=/api/item/updateByApi' --data-urlencode api_key=<API_KEY> --data-urlencode api_token=wrong --data-urlencode page_title=x --data-urlencode page_content=y`,
};

/** ShowDoc's answers (transcripts 37, 38, 39): the page row. */
const SHOWDOC_PAGE_FIELDS = ['page_id', 'author_uid', 'author_username', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'addtime', 'page_comments', 'is_del', 'page_addtime', 'ext_info', 'is_draft'];

let t: TestApp;
let host: string;
let project: OpenProject;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  project = await openProject(t);
});
afterAll(() => t?.close());

interface Answer {
  error_code: number;
  error_message?: string;
  data?: Record<string, unknown>;
}

async function curl(commandLine: string): Promise<Answer> {
  const line = commandLine.replace('<HOST>', host).replace('<API_KEY>', project.key.api_key).replace('<API_TOKEN>', project.key.api_token);
  const { stdout } = await run('sh', ['-c', line], { timeout: 20_000 });
  return JSON.parse(stdout) as Answer;
}

/** The named fields of an answer as they came: ShowDoc's URLs send a row's numbers as JSON strings. */
const fields = (row: Record<string, unknown> | undefined, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row?.[k]]));

describe('the open-API transcripts, replayed with curl', () => {
  it('37: item/updateByApi creates the page in OpenAPI/v1 with order 5, written by API', async () => {
    const answer = await curl(TRANSCRIPTS.updateByApi);
    expect(answer.error_code).toBe(0);
    expect(Object.keys(answer.data ?? {})).toEqual(expect.arrayContaining(SHOWDOC_PAGE_FIELDS));
    expect(fields(answer.data, ['author_uid', 'author_username', 'item_id', 'page_title', 'page_content', 's_number', 'page_comments', 'is_del', 'ext_info', 'is_draft'])).toEqual({
      author_uid: '0',
      author_username: 'API',
      item_id: String(project.item.item_id),
      page_title: 'Created by API',
      page_content: 'made via **updateByApi**',
      s_number: '5',
      page_comments: '',
      is_del: '0',
      ext_info: '',
      is_draft: '0',
    });
    expect(String(answer.data?.addtime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('38: the same title in the same catalog path updates that page; s_number falls back to 99', async () => {
    const first = await curl(TRANSCRIPTS.updateByApi);
    const again = await curl(TRANSCRIPTS.updateByApiAgain);
    expect(again.error_code).toBe(0);
    expect(again.data?.page_id).toBe(first.data?.page_id);
    expect(again.data?.cat_id).toBe(first.data?.cat_id);
    expect(fields(again.data, ['page_content', 's_number'])).toEqual({ page_content: 'made via **updateByApi**, v2', s_number: '99' });
  });

  it('39: open/updatePage writes into the parent catalog OpenAPI, a different catalog from v1', async () => {
    const v1 = await curl(TRANSCRIPTS.updateByApi);
    const answer = await curl(TRANSCRIPTS.updatePage);
    expect(answer.error_code).toBe(0);
    expect(fields(answer.data, ['page_title', 'page_content', 's_number', 'author_username'])).toEqual({ page_title: 'Via open/updatePage', page_content: 'x', s_number: '99', author_username: 'API' });
    expect(answer.data?.cat_id).not.toBe(v1.data?.cat_id);
    const parent = await t.database.db.selectFrom('catalog').select('parent_cat_id').where('cat_id', '=', Number(v1.data?.cat_id)).executeTakeFirstOrThrow();
    expect(String(parent.parent_cat_id)).toBe(answer.data?.cat_id);
  });

  it('40: a wrong api_token is 10306 with no data', async () => {
    const answer = await curl(TRANSCRIPTS.badToken);
    expect(answer.error_code).toBe(10306);
    expect(answer.error_message).toBeTruthy();
    expect(answer.data).toBeUndefined();
  });
});
