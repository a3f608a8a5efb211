import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the server project's globalSetup did not run. */
    folioTemplate: TemplateDatabase | undefined;
  }
}

/** The migrated database a run copies for each test app (made by global-setup.ts). */
export type TemplateDatabase = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; name: string };

/** TEST_DATABASE_URL with another database name: the copies live on the same server. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on the database TEST_DATABASE_URL names (CREATE/DROP DATABASE cannot run inside the copy). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}

/** The template of this run, when it runs under vitest with server/test/global-setup.ts; else none. */
export async function runTemplate(): Promise<TemplateDatabase | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('folioTemplate');
}
