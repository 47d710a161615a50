import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, describe, expect, it } from 'vitest';
import { YieldingPGliteDialect } from '../../server/src/db/pglite-dialect';

/**
 * The event-loop turns queued queries finish in (issue 4 item 9: PGlite must not block the loop). Counted in turns,
 * not milliseconds: a setImmediate ticker counts loop turns while queries queue on the single connection.
 */
async function turnsSeenByQueries(db: Kysely<unknown>, queries: number): Promise<number[]> {
  let turns = 0;
  let stop = false;
  const tick = () => {
    turns += 1;
    if (!stop) setImmediate(tick);
  };
  setImmediate(tick);
  const seen: number[] = [];
  await Promise.all(Array.from({ length: queries }, (_, i) => sql`select ${i}::int as n`.execute(db).then(() => seen.push(turns))));
  stop = true;
  return seen;
}

describe('PGlite dialect (issue 4 item 9)', () => {
  const pglite = new PGlite();
  afterAll(() => pglite.close());

  it('with a budget of 0 ms, lets the event loop turn between queued queries, so a queue cannot hold up timers and requests', async () => {
    const db = new Kysely<unknown>({ dialect: new YieldingPGliteDialect(pglite, 0) });
    const seen = await turnsSeenByQueries(db, 6);
    expect(new Set(seen).size).toBe(6);
    const rows = await sql<{ n: number }>`select 41 + 1 as n`.execute(db);
    expect(rows.rows).toEqual([{ n: 42 }]);
  });

  it('the stock dialect runs a whole queue in one turn, however long (what the budget bounds)', async () => {
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    const seen = await turnsSeenByQueries(db, 6);
    expect(new Set(seen).size).toBeLessThan(6);
  });

  it('keeps transactions whole: a queued query waits until the transaction has committed', async () => {
    const db = new Kysely<unknown>({ dialect: new YieldingPGliteDialect(pglite, 0) });
    await sql`create table t (n int)`.execute(db);
    const tx = db.transaction().execute(async (trx) => {
      await sql`insert into t values (1)`.execute(trx);
      await sql`insert into t values (2)`.execute(trx);
    });
    const outside = sql<{ c: number }>`select count(*)::int as c from t`.execute(db);
    await tx;
    expect((await outside).rows[0].c).toBe(2);
  });
});
