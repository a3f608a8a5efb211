/**
 * Drops the PostgreSQL databases of a finished test run: the copies of its template, then the template.
 * server/test/global-setup.ts starts this as a detached process when the run ends, so the next check
 * (the browser journeys, in `npm test`) need not wait: after hundreds of copies, the drops' checkpoints
 * write for about fifteen seconds, time the journeys' CPU-bound work fills.
 *
 *   node --import tsx server/test/drop-test-databases.ts <admin url> <template name>
 */
import { adminQuery } from './template-database.js';

/** Several at once: each DROP waits for a checkpoint, and drops that wait together share one. */
const AT_ONCE = 8;

async function dropRunDatabases(adminUrl: string, template: string): Promise<void> {
  const { rows } = await adminQuery<{ datname: string }>(adminUrl, 'select datname from pg_database where starts_with(datname, $1)', [template]);
  const copies = rows.map((r) => r.datname).filter((d) => d !== template);
  const dropNext = async (): Promise<void> => {
    for (let copy = copies.pop(); copy; copy = copies.pop()) await adminQuery(adminUrl, `drop database if exists "${copy}" with (force)`);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, dropNext));
  await adminQuery(adminUrl, `drop database if exists "${template}" with (force)`);
}

const [adminUrl, template] = process.argv.slice(2);
if (!adminUrl || !template) throw new Error('usage: drop-test-databases.ts <admin url> <template name>');
await dropRunDatabases(adminUrl, template);
