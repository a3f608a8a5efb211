import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { fixture, importFile, projectOutline } from '../../test/import-helpers.js';
import { openApiPlan } from './openapi.js';

/**
 * Issue 23 item 4: an imported API page carries what the spec says — enums, defaults, header, cookie and
 * API-key parameters, every error and `default` response, `required` on nested fields, examples and
 * `deprecated` — on three hand-written specs in the shape of well-known public ones.
 */

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t.close());

async function importedPages(name: string): Promise<Map<string, string>> {
  const res = await importFile(t, owner, { filename: name, data: fixture(name) });
  expect(res.error_message).toBeUndefined();
  const { pages } = await projectOutline(t, res.data?.item_id ?? 0);
  return new Map(pages.map((p) => [p.title, p.content]));
}

function page(pages: Map<string, string>, title: string): string {
  const content = pages.get(title);
  if (content === undefined) throw new Error(`no page ${title} among ${[...pages.keys()].join(', ')}`);
  return content;
}

/** The body of one `##### heading` section of a page. */
function section(content: string, heading: string): string {
  const start = content.indexOf(`##### ${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading} in\n${content}`);
  const rest = content.slice(start + heading.length + 7);
  const end = rest.indexOf('\n##### ');
  return end < 0 ? rest : rest.slice(0, end);
}

describe('OpenAPI 3.0 Petstore', () => {
  it('lists enums and defaults, says which nested fields are required, and keeps every response', async () => {
    const pages = await importedPages('petstore-openapi30-full.json');

    const find = page(pages, 'Finds Pets by status');
    expect(section(find, 'Query parameters')).toContain('|status|available|No|string|Status values that need to be considered for filter. Enum: available, pending, sold. Default: available.|');
    // The named example of the response is the example shown.
    expect(section(find, 'Success response example')).toContain('"name": "doggie"');
    expect(section(find, 'Success response parameters')).toContain('|[].status|string|pet status in the store. Enum: available, pending, sold.|');
    expect(section(find, 'Success response parameters')).toContain('|[].category.name|string|Always present.|');

    const add = page(pages, 'Add a new pet to the store');
    const fields = section(add, 'JSON fields');
    expect(fields).toContain('|name|Yes|string|-|');
    expect(fields).toContain('|category|No|object|-|');
    expect(fields).toContain('|category.name|Yes|string|-|');
    expect(fields).toContain('|category.id|No|integer|-|');
    expect(section(add, 'Request example')).toContain('"name": "Dogs"');
    // The first failure with a body is the `default` one; the status table names every response.
    expect(section(add, 'Failure response parameters')).toContain('|message|string|What went wrong. Always present.|');
    expect(section(add, 'Remarks')).toBe(
      ['', '|HTTP status|Description|', '|:---|:---|', '|200|Successful operation|', '|400|Invalid input|', '|422|Validation exception|', '|default|Unexpected error|', ''].join('\n'),
    );
    expect(section(add, 'Headers')).toContain('|Authorization|Bearer {token}|Yes|string|OAuth 2.0 access token (petstore_auth; scopes: write:pets, read:pets)|');

    // Two ways in: both are shown, neither is required on its own.
    const byId = section(page(pages, 'Find pet by ID'), 'Headers');
    expect(byId).toContain('|api_key||No|string|API key (api_key). One of the authentication methods listed here.|');
    expect(byId).toContain('|Authorization|Bearer {token}|No|string|');

    // An operation that only answers `default` shows it as its success.
    const inventory = page(pages, 'Returns pet inventories by status');
    expect(section(inventory, 'Success response example')).toContain('"key": 0');
    expect(section(inventory, 'Headers')).toContain('|api_key||Yes|string|API key (api_key)|');
  });

  it('never prints a literal "None" for a missing description', async () => {
    const pages = await importedPages('petstore-openapi30-full.json');
    for (const content of pages.values()) expect(content).not.toMatch(/\|None\||- None\b/);
  });
});

describe('GitHub-style REST API', () => {
  it('shows the API-key and version headers, the cookie, and the examples of parameters and bodies', async () => {
    const pages = await importedPages('github-style-openapi3.json');
    const list = page(pages, 'List repository issues');
    const headers = section(list, 'Headers');
    expect(headers).toContain('|X-GitHub-Token||Yes|string|A personal access token.|');
    expect(headers).toContain('|X-GitHub-Api-Version|2022-11-28|Yes|string|The API version to use. Enum: 2022-11-28. Default: 2022-11-28.|');
    // OpenAPI 3's named `examples` of a parameter; backticks of the description stay markdown code.
    expect(headers).toContain('|Accept|application/vnd.github+json|No|string|Setting to `application/vnd.github+json` is recommended.|');
    expect(section(list, 'Cookies')).toContain('|session_hint|lb-7|No|string|Sticky session of the load balancer.|');
    expect(section(list, 'Query parameters')).toContain('|state|open|No|string|Indicates the state of the issues to return. Enum: open, closed, all. Default: open.|');
    expect(section(list, 'Query parameters')).toContain('|per_page|30|No|integer|The number of results per page (max 100). Default: 30. Maximum: 100.|');
    expect(section(list, 'Path variables')).toContain('|owner|Yes|string|The account owner of the repository.|');
    expect(section(list, 'Success response parameters')).toContain("|[].state|string|State of the issue; either 'open' or 'closed'. Enum: open, closed. Always present.|");
    expect(section(list, 'Success response parameters')).toContain('|[].user.site_admin|boolean|-|');
    expect(section(list, 'Failure response example')).toContain('"message": "Not Found"');
    const statuses = section(list, 'Remarks');
    for (const row of ['|200|Response. Headers: Link|', '|301|Moved permanently|', '|404|Resource not found|', '|422|Validation failed, or the endpoint has been spammed.|', '|503|Service unavailable|']) {
      expect(statuses).toContain(row);
    }

    const create = page(pages, 'Create an issue');
    expect(section(create, 'Request example')).toContain('"title": "Found a bug"');
    const fields = section(create, 'JSON fields');
    expect(fields).toContain('|milestone.number|Yes|integer|The number of the milestone.|');
    expect(fields).toContain("|milestone.due_on|No|string|Use the milestone's own date. Deprecated.|");
    expect(fields).toContain('|labels[].name|Yes|string|-|');
    expect(section(create, 'Failure response parameters')).toContain('|message|string|-|');
    expect(section(create, 'Remarks')).toContain('|403|Forbidden|');
  });

  it('marks a deprecated operation', async () => {
    const legacy = page(await importedPages('github-style-openapi3.json'), 'List assignees (legacy)');
    expect(section(legacy, 'Status')).toBe('\n- Deprecated\n');
    expect(section(legacy, 'Success response parameters')).toContain('|[].login|string|-|');
  });
});

describe('Swagger 2.0 store', () => {
  it('reads security definitions, parameter enums, nested required fields, error examples and default responses', async () => {
    const pages = await importedPages('swagger2-store.json');
    const order = page(pages, 'Place an order for a pet');
    expect(section(order, 'Headers')).toContain('|api_key||Yes|string|API key (api_key)|');
    expect(section(order, 'Headers')).toContain('|X-Request-Id||No|string|Correlates the request in logs|');
    const fields = section(order, 'JSON fields');
    expect(fields).toContain('|shipping|Yes|object|-|');
    expect(fields).toContain('|shipping.city|Yes|string|-|');
    expect(fields).toContain('|quantity|No|integer|Default: 1.|');
    expect(fields).toContain('|status|No|string|Order Status. Enum: placed, approved, delivered.|');
    expect(section(order, 'Success response parameters')).toContain('|shipping.city|string|Always present.|');
    expect(section(order, 'Failure response example')).toContain('"message": "bad quantity"');
    expect(section(order, 'Remarks')).toContain('|400|Invalid Order|');

    const login = page(pages, 'Logs user into the system');
    expect(section(login, 'Status')).toBe('\n- Deprecated\n');
    expect(section(login, 'Query parameters')).toContain('|username||Yes|string|The user name for login|');
    expect(section(login, 'Query parameters')).toContain('|locale|en|No|string|Enum: en, zh. Default: en.|');
  });
});

describe('the words an import adds', () => {
  it('are in the language of the import', async () => {
    const spec = JSON.parse(fs.readFileSync(new URL('../../test/fixtures/import/github-style-openapi3.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    const plan = await openApiPlan(spec, 'zh');
    const list = plan.pages.find((p) => p.title === 'List repository issues')?.content ?? '';
    expect(list).toContain('|state|open|否|string|Indicates the state of the issues to return. 可选值：open, closed, all。默认值：open。|');
    expect(list).toContain('|[].user.site_admin|boolean|无|');
    expect(list).toContain('|[].id|integer|必返回。|');
    expect(list).toContain('|HTTP 状态码|说明|');
    expect(list).toContain('|200|Response。响应头：Link|');
  });
});
