import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../server/src/db/migrations/0110_bill_rule';
import { up as upBin } from '../../server/src/db/migrations/0668_bill_rule_bin';
import { formatBillNumber, nextBillNumber, previewBillNumber } from '../../server/src/modules/bill-rule/number';
import type { BillRuleDatabase } from '../../server/src/modules/bill-rule/types';

/** Opens a database with only the bill_rule table (with its version and bin columns): PGlite, or a throw-away schema on DATABASE_URL's PostgreSQL. */
async function open(kind: 'pglite' | 'postgres'): Promise<{ db: Kysely<BillRuleDatabase>; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = new Kysely<BillRuleDatabase>({ dialect: new PGliteDialect(new PGlite()) });
    await up(db as Kysely<unknown>);
    await upBin(db as Kysely<unknown>);
    return { db, close: () => db.destroy() };
  }
  const schema = `kd_billrule_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20, options: `-c search_path=${schema}` });
  const db = new Kysely<BillRuleDatabase>({ dialect: new PostgresDialect({ pool }) });
  await up(db as Kysely<unknown>);
  await upBin(db as Kysely<unknown>);
  return {
    db,
    close: async () => {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

const kinds: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe('formatBillNumber', () => {
  it('pads the sequence to the digit count and never truncates it', () => {
    expect(formatBillNumber('PO', '20250107', 7, 4)).toBe('PO202501070007');
    expect(formatBillNumber('', '', 12345, 3)).toBe('12345');
  });
});

describe.each(kinds)('nextBillNumber on %s', (kind) => {
  let db: Kysely<BillRuleDatabase>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await open(kind));
    await db
      .insertInto('bill_rule')
      .values([
        { id: 'r1', full_name: '采购单', en_code: 'PO', prefix: 'PO', date_format: 'YYYYMMDD', digit: 4, start_number: 1 },
        { id: 'r2', full_name: '无日期', en_code: 'PLAIN', prefix: 'N-', date_format: '', digit: 3, start_number: 100 },
        { id: 'r3', full_name: '停用', en_code: 'OFF', prefix: 'X', digit: 2, start_number: 1, enabled_mark: 0 },
        { id: 'r4', full_name: '并发', en_code: 'PAR', prefix: 'P', date_format: 'YYYY', digit: 5, start_number: 1 },
      ])
      .execute();
  });
  afterAll(async () => close());

  it('starts at startNumber, increments, restarts in a new period and keeps a newer period on clock skew', async () => {
    const day1 = new Date(2025, 0, 7, 12);
    const day2 = new Date(2025, 0, 8, 0, 1);
    expect(await previewBillNumber(db, 'PO', day1)).toBe('PO202501070001');
    expect(await nextBillNumber(db, 'PO', day1)).toBe('PO202501070001');
    expect(await nextBillNumber(db, 'PO', day1)).toBe('PO202501070002');
    expect(await previewBillNumber(db, 'PO', day1)).toBe('PO202501070003');
    expect(await nextBillNumber(db, 'PO', day2)).toBe('PO202501080001');
    // A late caller still on day 1 continues day 2 rather than reusing day 1's numbers.
    expect(await previewBillNumber(db, 'PO', day1)).toBe('PO202501080002');
    expect(await nextBillNumber(db, 'PO', day1)).toBe('PO202501080002');
  });

  it('numbers without a date part never restart', async () => {
    expect(await nextBillNumber(db, 'PLAIN', new Date(2025, 0, 1))).toBe('N-100');
    expect(await nextBillNumber(db, 'PLAIN', new Date(2026, 0, 1))).toBe('N-101');
  });

  it('refuses a disabled or unknown rule with a clear error', async () => {
    await expect(nextBillNumber(db, 'OFF')).rejects.toMatchObject({ code: 400, message: expect.stringContaining('已停用') });
    await expect(previewBillNumber(db, 'NOPE')).rejects.toMatchObject({ code: 404, message: expect.stringContaining('NOPE') });
  });

  it('50 parallel saves get 50 distinct consecutive numbers; rolled-back saves give theirs back', async () => {
    const now = new Date(2025, 5, 1);
    const save = (i: number) =>
      db
        .transaction()
        .execute(async (trx) => {
          const n = await nextBillNumber(trx, 'PAR', now);
          // Hold the lock a moment, as a real insert would; every 10th save fails after taking its number.
          await sql`select pg_sleep(0.002)`.execute(trx);
          if (i % 10 === 9) throw new Error('save failed');
          return n;
        })
        .catch(() => null);
    const first = await Promise.all(Array.from({ length: 50 }, (_, i) => save(i)));
    const committed = first.filter((n): n is string => n !== null);
    expect(committed).toHaveLength(45);
    // Then 5 more succeed: together exactly 50 distinct consecutive numbers, no gaps.
    const more = await Promise.all(Array.from({ length: 5 }, () => db.transaction().execute((trx) => nextBillNumber(trx, 'PAR', now))));
    const all = [...committed, ...more].sort();
    expect(new Set(all).size).toBe(50);
    expect(all).toEqual(Array.from({ length: 50 }, (_, i) => formatBillNumber('P', '2025', i + 1, 5)));
  });
});
