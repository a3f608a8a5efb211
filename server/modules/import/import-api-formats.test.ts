import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { fixture, footprint, importFile, projectOutline } from '../../test/import-helpers.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t.close());

async function importFixture(name: string, filename = name) {
  const res = await importFile(t, owner, { filename, data: fixture(name) });
  expect(res.error_message).toBeUndefined();
  expect(res.error_code).toBe(0);
  const itemId = res.data?.item_id ?? 0;
  const item = await t.app.services.db.selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return { item, ...(await projectOutline(t, itemId)) };
}

function pageTitled(pages: { title: string; content: string; path: string }[], title: string) {
  const page = pages.find((p) => p.title === title);
  if (!page) throw new Error(`no page ${title} among ${pages.map((p) => p.title).join(', ')}`);
  return page;
}

describe('import/auto: OpenAPI and Swagger', () => {
  it('makes a public project of the Petstore: catalogs by tag in order, one page per operation', async () => {
    const { item, catalogs, pages } = await importFixture('petstore-openapi3.json');
    expect(item).toMatchObject({ item_name: 'Swagger Petstore', item_description: 'A sample pet store', password: '', item_type: 1, uid: owner.uid });
    expect(catalogs.map((c) => [c.path, c.level])).toEqual([
      ['pet', 2],
      ['store', 2],
      ['user', 2],
      ['default', 2],
    ]);
    expect(pages).toHaveLength(15);
    const find = pageTitled(pages, 'Find pet by ID');
    expect(find.path).toBe('pet');
    expect(find.content).toContain('- `https://petstore.example.com/api/v3/pet/{petId}`');
    expect(find.content).toContain('- GET');
    expect(find.content).toContain('|petId|Yes|integer|-|');
    // The response example is made from the schema, examples first.
    expect(find.content).toContain('"name": "doggie"');
    expect(find.content).toContain('"status": "available"');
    expect(find.content).toContain('|category.name|string|-|');
    const add = pageTitled(pages, 'Add a new pet');
    expect(add.content).toContain('##### Request example');
    expect(add.content).toContain('|name|Yes|string|-|');
    // No summary: operationId.
    expect(pageTitled(pages, 'health').path).toBe('default');
    // Nothing is logged or kept for a project made by the import.
    const log = await t.app.services.db.selectFrom('item_change_log').select('id').where('item_id', '=', item.item_id).execute();
    expect(log).toEqual([]);
  });

  it('takes a response example as given, from the JSON media type', async () => {
    const only = await importFixture('openapi3-example-only.json');
    expect(only.pages[0]?.content).toContain('"code": 0');
    expect(only.pages[0]?.content).toContain('|data.id|integer|-|');
    const multi = await importFixture('openapi3-multi-content-type.json');
    expect(multi.pages[0]?.content).toContain('"format": "json"');
    const none = await importFixture('openapi3-no-content.json');
    expect(none.pages[0]?.content).not.toContain('Success response example');
    expect(none.pages[0]?.content).toContain('- DELETE');
  });

  it('describes responses from schemas, nested $refs included', async () => {
    const schema = await importFixture('openapi3-schema-only.json');
    const content = schema.pages[0]?.content ?? '';
    expect(content).toContain('|total|integer|How many users|');
    expect(content).toContain('|users[].email|string|-|');
    expect(content).toContain('"email": "user@example.com"');
    expect(content).toContain('"role": "admin"');
    const nested = await importFixture('openapi3-nested-ref.json');
    expect(nested.pages[0]?.content).toContain('|outer|object|The outer object|');
    expect(nested.pages[0]?.content).toContain('|outer.items[].name|string|Inner name|');
  });

  it('shows query, header and body parameters and the failure example', async () => {
    const { pages } = await importFixture('openapi3-with-request-params.json');
    const content = pages[0]?.content ?? '';
    expect(content).toContain('- `https://eu.example.com/v1/search`');
    expect(content).toContain('|q|cats|Yes|string|Query text|');
    expect(content).toContain('|limit|10|No|integer|Default: 10.|');
    expect(content).toContain('|X-Trace||No|string|Trace id|');
    expect(content).toContain('|filters|Yes|object|-|');
    expect(content).toContain('|filters.tag|No|string|Tag name|');
    expect(content).toContain('"error": "bad query"');
  });

  it('reads Swagger 2 with definitions, form and body parameters', async () => {
    const { catalogs, pages } = await importFixture('swagger2-probe.json');
    expect(catalogs.map((c) => c.path)).toEqual(['probe']);
    const probe = pageTitled(pages, 'Probe');
    expect(probe.content).toContain('- `https://api.example.com/base/probe/swagger2`');
    expect(probe.content).toContain('##### Body parameters');
    expect(probe.content).toContain('|token||Yes|string|Access token|');
    expect(probe.content).toContain('|page||No|integer|-|');
    expect(probe.content).toContain('|data.value|string|Probe value|');
    const body = pageTitled(pages, 'putBody');
    expect(body.content).toContain('|value|No|string|Probe value|');
    expect(body.content).toContain('"msg": "success"');
  });

  it('reads OpenAPI 3.1 and YAML', async () => {
    const v31 = await importFixture('openapi31.json');
    expect(v31.pages[0]?.content).toContain('"name": "widget"');
    expect(v31.pages[0]?.content).toContain('|name|string|-|');
    const yaml = await importFixture('petstore.yaml', 'petstore.txt');
    expect(yaml.item.item_name).toBe('YAML Petstore');
    expect(yaml.pages[0]?.content).toContain('|[].name|string|Pet name|');
  });

  it('C13 · imports a spec with circular $refs, bounded', async () => {
    const { pages } = await importFixture('circular.json');
    // Each cycle is followed until it comes back to a schema being described.
    expect(pages[0]?.content).toContain('|b.a|object|-|');
    expect(pages[0]?.content).toContain('|children|array|-|');
    expect(pages[0]?.content.length).toBeLessThan(50_000);
  });

  it('writes Chinese headings for a Chinese caller', async () => {
    const res = await importFile(t, owner, { filename: 'x.json', data: fixture('openapi3-no-content.json') }, {});
    expect(res.error_code).toBe(0);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/import/auto',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'accept-language': 'zh-CN' },
      payload: Buffer.concat([
        Buffer.from(`--b\r\nContent-Disposition: form-data; name="user_token"\r\n\r\n${owner.token}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n`),
        fixture('openapi3-no-content.json'),
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    const itemId = (zh.json() as { data: { item_id: number } }).data.item_id;
    const { pages } = await projectOutline(t, itemId);
    expect(pages[0]?.content).toContain('##### 请求方式');
  });
});

describe('import/auto: Postman', () => {
  it('turns folders into catalogs (three levels) and requests into API pages', async () => {
    const { item, catalogs, pages } = await importFixture('postman21.json');
    expect(item.item_name).toBe('Postman sample');
    expect(catalogs.map((c) => c.path)).toEqual(['Accounts', 'Accounts/Sessions']);
    const login = pageTitled(pages, 'Login');
    expect(login.path).toBe('Accounts/Sessions');
    expect(login.content).toContain('- `{{base}}/login`');
    expect(login.content).toContain('|remember|1|Yes|string|Keep me in|');
    expect(login.content).toContain('|Content-Type|application/json|Yes|string|-|');
    expect(login.content).toContain('"user": "ann"');
    expect(login.content).toContain('"token": "abc"');
    expect(login.content).toContain('"error": "denied"');
    const upload = pageTitled(pages, 'Upload avatar');
    expect(upload.content).toContain('|file|a.png|Yes|file|-|');
    expect(upload.content).not.toContain('|note|');
    expect(pageTitled(pages, 'Form').content).toContain('|a|1|Yes|string|first|');
  });

  it('reads v1 collections: folders in their order, then the rest at the root', async () => {
    const v1 = {
      id: 'c1',
      name: 'Old collection',
      order: ['r3'],
      folders: [{ id: 'f1', name: 'Users', order: ['r2', 'r1'] }],
      requests: [
        { id: 'r1', name: 'Create user', method: 'POST', url: 'https://api.example.com/users', headers: 'Content-Type: application/json\n', dataMode: 'raw', rawModeData: '{"name":"x"}' },
        { id: 'r2', name: 'List users', method: 'GET', url: 'https://api.example.com/users?page=2', headers: '' },
        { id: 'r3', name: 'Ping', method: 'GET', url: 'https://api.example.com/ping', dataMode: 'params', data: [{ key: 'a', value: '1' }] },
      ],
    };
    const res = await importFile(t, owner, { filename: 'c.json', data: Buffer.from(JSON.stringify(v1)) });
    expect(res.error_code).toBe(0);
    const { pages } = await projectOutline(t, res.data?.item_id ?? 0);
    expect(pages.map((p) => [p.path, p.title])).toEqual([
      ['Users', 'List users'],
      ['Users', 'Create user'],
      ['', 'Ping'],
    ]);
    expect(pageTitled(pages, 'List users').content).toContain('|page|2|Yes|string|-|');
    expect(pageTitled(pages, 'Create user').content).toContain('|Content-Type|application/json|Yes|string|-|');
  });

  it('C14 · keeps hostile names and URLs as text', async () => {
    const { pages } = await importFixture('postman21.json');
    const hostile = pageTitled(pages, '<img src=x onerror=alert(1)>');
    expect(hostile.path).toBe('');
    expect(hostile.content).toContain('- `javascript:alert(1)`');
  });
});

describe('import/auto into an existing project', () => {
  it('merges by title, keeps history and logs one entry', async () => {
    const first = await importFixture('openapi3-no-content.json');
    const before = await footprint(t);
    const res = await importFile(t, owner, { filename: 'again.json', data: fixture('openapi3-no-content.json') }, { item_id: first.item.item_id });
    expect(res).toMatchObject({ error_code: 0, data: { item_id: first.item.item_id } });
    const after = await footprint(t);
    expect(after.pages).toBe(before.pages);
    expect(after.items).toBe(before.items);
    expect(after.history).toBe(before.history + 1);
    const log = await t.app.services.db.selectFrom('item_change_log').selectAll().where('item_id', '=', first.item.item_id).execute();
    expect(log.map((l) => [l.op_action_type, l.op_object_type])).toEqual([['update', 'item']]);
    expect(log[0]?.remark).toContain('1 updated');
  });

  it('is reachable under ShowDoc\'s other names', async () => {
    for (const action of ['importSwagger/import', 'importPostman/import', 'import/importMarkdownInfo']) {
      const res = await importFile(t, owner, { filename: 'a.json', data: fixture('openapi3-no-content.json') }, {}, action);
      expect(res.error_code).toBe(0);
    }
  });
});
