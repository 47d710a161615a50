import { PGlite } from '@electric-sql/pglite';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowCondition, RowFilter, RowScheme } from '../../server/src/permissions/row-filter';
import { type ColumnKind, rowFilterExpr } from '../../server/src/permissions/row-sql';

/**
 * Truth tables of the row filter (design.md §7a, reference/permissions.md §6 rule 4): schemes OR-ed (union across
 * grants), explicit brackets per group and scheme, default deny, a denying condition, NULLs under NotEqual, jsonb
 * arrays, unknown columns; every value a bound parameter. Compiled with Kysely's PostgreSQL compiler and run on PGlite.
 */

let pg: PGlite;
const db = new Kysely<Record<string, Record<string, unknown>>>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});
const kinds = new Map<string, ColumnKind>([
  ['a', 'text'],
  ['n', 'double precision'],
  ['j', 'jsonb'],
  ['created_by', 'text'],
]);

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`create table t (id text primary key, a text, n double precision, j jsonb, created_by text);
    insert into t values ('r1', 'x', 1, '["p","q"]', 'u1'), ('r2', 'y', 10, '["q"]', 'u2'), ('r3', 'y', 3, '"p"', 'u1'), ('r4', null, 20, null, 'u3');`);
}, 120_000);
afterAll(async () => {
  await pg?.close();
});

const c = (field: string, op: RowCondition['op'], ...values: string[]): RowCondition => ({ field, op, values, source: values.join(',') });
const scheme = (matchLogic: 'and' | 'or', ...groups: Array<['and' | 'or', RowCondition[]]>): RowScheme => ({ id: 's', fullName: 's', matchLogic, groups: groups.map(([logic, conditions]) => ({ logic, conditions })) });

async function rows(rf: RowFilter): Promise<string> {
  const q = db.selectFrom('t').select('id').where((eb) => rowFilterExpr(eb, rf, kinds)).orderBy('id').compile();
  const r = await pg.query<{ id: string }>(q.sql, [...q.parameters]);
  return r.rows.map((x) => x.id).join(',') || '∅';
}

describe('row filter truth tables', () => {
  it('answers each case with exactly the rows of its table', async () => {
    const cases: Array<[string, RowFilter, string]> = [
      ['no scheme granted: default deny', { schemes: [] }, '∅'],
      ['a = x', { schemes: [scheme('and', ['and', [c('a', 'Equal', 'x')]])] }, 'r1'],
      ['union of two grants: a = x OR created_by = u2', { schemes: [scheme('and', ['and', [c('a', 'Equal', 'x')]]), scheme('and', ['and', [c('created_by', 'Equal', 'u2')]])] }, 'r1,r2'],
      ['(a = x or a = y) and (n > 5)', { schemes: [scheme('and', ['or', [c('a', 'Equal', 'x'), c('a', 'Equal', 'y')]], ['and', [c('n', 'GreaterThan', '5')]])] }, 'r2'],
      ['(a = x) or (a = y and n > 5)', { schemes: [scheme('or', ['and', [c('a', 'Equal', 'x')]], ['and', [c('a', 'Equal', 'y'), c('n', 'GreaterThan', '5')]])] }, 'r1,r2'],
      ['a variable resolving to several values: created_by in (u1, u3)', { schemes: [scheme('and', ['and', [c('created_by', 'Equal', 'u1', 'u3')]])] }, 'r1,r3,r4'],
      ['a ≠ x keeps NULLs', { schemes: [scheme('and', ['and', [c('a', 'NotEqual', 'x')]])] }, 'r2,r3,r4'],
      ['not included in (x, y)', { schemes: [scheme('and', ['and', [c('a', 'NotIncluded', 'x', 'y')]])] }, 'r4'],
      ['jsonb: equals or contains p', { schemes: [scheme('and', ['and', [c('j', 'Included', 'p')]])] }, 'r1,r3'],
      ['n ≤ 3', { schemes: [scheme('and', ['and', [c('n', 'LessThanOrEqual', '3')]])] }, 'r1,r3'],
      ['a non-number for a number column denies', { schemes: [scheme('and', ['and', [c('n', 'Equal', 'abc')]])] }, '∅'],
      ['an unknown column denies', { schemes: [scheme('and', ['and', [c('secret', 'Equal', 'x')]])] }, '∅'],
      [
        'an unresolved variable denies its scheme, the other grant still applies',
        { schemes: [scheme('and', ['and', [{ field: 'created_by', op: 'Equal', values: [], source: '@currentSupply', deny: true }]]), scheme('and', ['and', [c('a', 'Equal', 'x')]])] },
        'r1',
      ],
      ['an order operator with several values denies', { schemes: [scheme('and', ['and', [c('n', 'GreaterThan', '1', '2')]])] }, '∅'],
    ];
    const got = [];
    for (const [name, rf] of cases) got.push(`${name}: ${await rows(rf)}`);
    expect(got).toEqual(cases.map(([name, , want]) => `${name}: ${want}`));
  });

  it('binds every value as a parameter and brackets each group and scheme', () => {
    const rf: RowFilter = { schemes: [scheme('and', ['or', [c('a', 'Equal', "x' or 1=1 --"), c('a', 'Equal', 'y')]], ['and', [c('n', 'GreaterThan', '5')]]), scheme('and', ['and', [c('created_by', 'Equal', 'u2')]])] };
    const q = db.selectFrom('t').select('id').where((eb) => rowFilterExpr(eb, rf, kinds)).compile();
    expect(q.sql).toBe('select "id" from "t" where ((("a" = $1 or "a" = $2) and "n" > $3) or "created_by" = $4)');
    expect(q.parameters).toEqual(["x' or 1=1 --", 'y', 5, 'u2']);
  });
});
