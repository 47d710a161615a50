import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteStatements } from '../../server/src/db/pglite-statements';

let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`create table t (id text primary key, n int, x double precision, b boolean, j jsonb, at timestamptz, bin bytea);
    insert into t values ('a', 1, 1.5, true, '{"k":[1,2]}', '2024-03-05T10:00:00Z', '\\x0102'), ('b', null, null, false, null, null, null);`);
});
afterAll(async () => {
  await pglite.close();
});

const prepared = async () => (await pglite.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('PGliteStatements (one round trip per statement, prepared reads)', () => {
  it('answers what pglite.query answers: rows, fields, types, affected rows', async () => {
    const s = new PGliteStatements(pglite);
    const q = 'select * from t where id = any($1) or n = $2 order by id';
    expect(await s.query(q, [['a', 'b'], 7])).toEqual(await pglite.query(q, ['{a,b}', 7]));
    const upd = "update t set x = $1 where id in ('a', 'b')";
    expect((await s.query(upd, [2.5])).affectedRows).toBe(2);
    const row = (await s.query<Record<string, unknown>>('select * from t where id = $1', ['a'])).rows[0];
    expect(row).toEqual({ id: 'a', n: 1, x: 2.5, b: true, j: { k: [1, 2] }, at: new Date('2024-03-05T10:00:00Z'), bin: new Uint8Array([1, 2]) });
  });

  it('sends parameters as node-postgres does: dates, objects as JSON, buffers as bytea, null and undefined as NULL', async () => {
    const s = new PGliteStatements(pglite);
    await s.query('insert into t (id, j, at, bin, n) values ($1, $2, $3, $4, $5)', ['c', { deep: { v: 'é' } }, new Date('2025-01-02T03:04:05Z'), Buffer.from([9, 8]), undefined]);
    const row = (await pglite.query<Record<string, unknown>>("select j, at, bin, n from t where id = 'c'")).rows[0];
    expect(row).toEqual({ j: { deep: { v: 'é' } }, at: new Date('2025-01-02T03:04:05Z'), bin: new Uint8Array([9, 8]), n: null });
  });

  it('prepares a read once and reuses it; other statements are not kept', async () => {
    const s = new PGliteStatements(pglite);
    const before = await prepared();
    for (const id of ['a', 'b', 'c']) await s.query('select id from t where id = $1', [id]);
    await s.query("update t set n = 2 where id = 'c'");
    expect(s.preparedCount).toBe(1);
    expect((await prepared()).length).toBe(before.length + 1);
  });

  it('keeps at most maxPrepared statements, closing the oldest with the next statement', async () => {
    const s = new PGliteStatements(pglite, 2);
    const before = (await prepared()).length;
    for (const col of ['id', 'n', 'x', 'b']) await s.query(`select ${col} from t where id = $1`, ['a']);
    await s.query('update t set n = n where false');
    expect(s.preparedCount).toBe(2);
    expect((await prepared()).length).toBe(before + 2);
  });

  it('follows schema changes, made through it or behind its back', async () => {
    const s = new PGliteStatements(pglite);
    const all = "select * from t where id = 'a'";
    expect(Object.keys((await s.query(all)).rows[0] as object)).not.toContain('extra');
    await s.query('alter table t add column extra text');
    expect((await s.query(all)).rows[0]).toMatchObject({ extra: null });
    await pglite.exec('alter table t add column extra2 int');
    expect((await s.query(all)).rows[0]).toMatchObject({ extra: null, extra2: null });
  });

  it('raises the database error with its SQLSTATE and recovers, inside and outside a transaction', async () => {
    const s = new PGliteStatements(pglite);
    await expect(s.query('select nope from t')).rejects.toMatchObject({ code: '42703', query: 'select nope from t' });
    expect((await s.query('select count(*)::int as c from t')).rows).toEqual([{ c: 3 }]);
    await s.query('begin');
    await expect(s.query('insert into t (id) values ($1)', ['a'])).rejects.toMatchObject({ code: '23505' });
    await expect(s.query('select 1')).rejects.toMatchObject({ code: '25P02' });
    await s.query('rollback');
    expect((await s.query('select count(*)::int as c from t')).rows).toEqual([{ c: 3 }]);
  });
});
