import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from './prepared.js';
import { withStatementCache } from './statement-cache.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

describe('queries compiled once', () => {
  let database: TestDatabase;
  let uids: number[];
  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await database.db
      .insertInto('user')
      .values([
        { username: 'ann', username_key: 'ann', groupid: 2 },
        { username: 'bo', username_key: 'bo', groupid: 1 },
      ])
      .returning('uid')
      .execute();
    uids = rows.map((r) => r.uid);
  });
  afterAll(() => database.cleanup());

  const byUidAndGroup = preparedQuery<[uid: number, groupid: number]>()((db, arg) =>
    db.selectFrom('user').select(['username']).where('uid', '=', arg(0)).where('groupid', '=', arg(1)).where('username', '!=', 'nobody'),
  );

  it('runs the same compiled text with each call’s arguments, and keeps the values written into the query', async () => {
    const [ann, bo] = uids as [number, number];
    expect(await byUidAndGroup(database.db, ann, 2)).toEqual([{ username: 'ann' }]);
    expect(await byUidAndGroup(database.db, bo, 1)).toEqual([{ username: 'bo' }]);
    expect(await byUidAndGroup(database.db, bo, 2)).toEqual([]);
  });

  it('works inside a transaction, which is another Kysely instance', async () => {
    const [ann] = uids as [number];
    const inside = await database.db.transaction().execute((trx) => byUidAndGroup(trx, ann, 2));
    expect(inside).toEqual([{ username: 'ann' }]);
  });
});

describe('the SQLite statement cache', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
    return sqlite;
  };

  it('hands out one statement per SQL text', () => {
    const cached = withStatementCache(open());
    expect(cached.prepare('select n from t')).toBe(cached.prepare('select n from t'));
    expect(cached.prepare('select n from t where n > ?')).not.toBe(cached.prepare('select n from t'));
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const cached = withStatementCache(open());
    const first = cached.prepare('select n from t');
    const rows = first.iterate([]);
    rows.next();
    const second = cached.prepare('select n from t');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
  });

  it('forgets the least recently used statement past its capacity', () => {
    const cached = withStatementCache(open(), 2);
    const a = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(a);
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 2')).toBe(b);
  });

  it('builds the same row objects as better-sqlite3 itself: names in order, nulls, blobs, a repeated name', () => {
    const sqlite = open();
    const cached = withStatementCache(sqlite);
    const query = "select n, 'x' as n, null as gone, x'00ff' as bytes, 2.5 as half, n as last from t order by n";
    const rows = cached.prepare(query).all([]);
    expect(rows).toEqual(sqlite.prepare(query).all());
    expect(Object.keys(rows[0] as object)).toEqual(['n', 'gone', 'bytes', 'half', 'last']);
    expect(rows[0]).toEqual({ n: 'x', gone: null, bytes: Buffer.from([0, 255]), half: 2.5, last: 1 });
  });

  it('leaves a statement giving objects after a failed read, and runs writes as before', () => {
    const cached = withStatementCache(open());
    const statement = cached.prepare('select n, n / ? as q from t where n = ?');
    expect(() => statement.all([1])).toThrow();
    expect([...statement.iterate([2, 2])]).toEqual([{ n: 2, q: 1 }]);
    expect(cached.prepare('insert into t values (?)').run([4]).changes).toBe(1);
    expect(cached.prepare('select count(*) as c from t').all([])).toEqual([{ c: 4 }]);
  });

  it('names the columns a statement returns after a schema change', () => {
    const cached = withStatementCache(open());
    expect(cached.prepare('select * from t where n = ?').all([1])).toEqual([{ n: 1 }]);
    cached.prepare('alter table t add column label text').run([]);
    cached.prepare('update t set label = ? where n = ?').run(['one', 1]);
    expect(cached.prepare('select * from t where n = ?').all([1])).toEqual([{ n: 1, label: 'one' }]);
  });

  it('names the columns again when another connection changed the schema under a kept statement', () => {
    const sqlite = open();
    const cached = withStatementCache(sqlite);
    expect(cached.prepare('select * from t where n = ?').all([2])).toEqual([{ n: 2 }]);
    sqlite.exec("alter table t add column label text default 'x'");
    expect(cached.prepare('select * from t where n = ?').all([2])).toEqual([{ n: 2, label: 'x' }]);
  });
});

