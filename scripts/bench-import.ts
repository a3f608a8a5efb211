// `npx tsx scripts/bench-import.ts`: import of a generated 1,000-operation OpenAPI 3 file (20 tags,
// shared component schemas with nested $refs, parameters and bodies) through buildApp + inject, first as
// a new project and then again into that project (every page overwritten, history kept). Reports time
// and peak RSS; asserts nothing. BENCH_IMPORT_OPERATIONS changes the size; TEST_DATABASE_URL runs it on
// PostgreSQL.
import crypto from 'node:crypto';
import { registerUser } from '../server/test/factories.js';
import { startTestApp, type TestApp } from '../server/test/harness.js';
import { measure } from './lib/measure.js';

const OPERATIONS = Number(process.env.BENCH_IMPORT_OPERATIONS ?? 1000);
const TAGS = 20;

function spec(operations: number): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const methods = ['get', 'post', 'put', 'delete'];
  for (let i = 0; i < operations; i++) {
    const path = `/resources${Math.floor(i / methods.length)}/{id}`;
    const method = methods[i % methods.length] ?? 'get';
    paths[path] ??= {};
    paths[path][method] = {
      tags: [`tag${i % TAGS}`],
      summary: `Operation ${i}`,
      description: `Does thing number ${i}.`,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'fields', in: 'query', schema: { type: 'string' }, description: 'Fields to return' },
        { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
      ],
      ...(method === 'post' || method === 'put' ? { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } } : {}),
      responses: {
        200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderPage' } } } },
        404: { description: 'missing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: `Bench API ${crypto.randomBytes(3).toString('hex')}`, version: '1', description: 'Generated for the import benchmark' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths,
    components: {
      schemas: {
        Error: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
        Customer: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email' }, address: { $ref: '#/components/schemas/Address' } } },
        Address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' }, country: { type: 'string', enum: ['CN', 'DE', 'US'] } } },
        Line: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 }, price: { type: 'number' } } },
        Order: {
          type: 'object',
          required: ['customer', 'lines'],
          properties: { id: { type: 'integer' }, created: { type: 'string', format: 'date-time' }, customer: { $ref: '#/components/schemas/Customer' }, lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } } },
        },
        OrderPage: { type: 'object', properties: { total: { type: 'integer' }, items: { type: 'array', items: { $ref: '#/components/schemas/Order' } } } },
      },
    },
  };
}

async function importOnce(t: TestApp, token: string, file: Buffer, itemId: number): Promise<{ item_id: number }> {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="user_token"\r\n\r\n${token}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="item_id"\r\n\r\n${itemId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="api.json"\r\nContent-Type: application/json\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/import/auto', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  const body = res.json<{ error_code: number; error_message?: string; data?: { item_id: number } }>();
  if (body.error_code !== 0 || !body.data) throw new Error(`import failed: ${body.error_code} ${body.error_message ?? ''}`);
  return body.data;
}


const t = await startTestApp();
try {
  const owner = await registerUser(t);
  const file = Buffer.from(JSON.stringify(spec(OPERATIONS)));
  console.log(`Folio import bench · ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'} · OpenAPI 3 file of ${OPERATIONS} operations in ${TAGS} tags, ${(file.length / 1024).toFixed(0)} KB`);
  const { item_id } = await measure(`import into a new project`, () => importOnce(t, owner.token, file, 0));
  await measure(`import again into it (all overwritten)`, () => importOnce(t, owner.token, file, item_id));
  const pages = await t.database.db.selectFrom('page').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', item_id).executeTakeFirstOrThrow();
  const history = await t.database.db.selectFrom('page_history').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', item_id).executeTakeFirstOrThrow();
  console.log(`pages ${pages.n}, history rows ${history.n}`);
} finally {
  await t.close();
}
