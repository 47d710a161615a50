import { PGlite } from '@electric-sql/pglite';
import { PGliteStatements } from '../server/src/db/pglite-statements';
import { PGliteThread } from '../server/src/db/pglite-thread';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median } from './lib/stats';

/**
 * PGlite statement runner (server/src/db/pglite-statements.ts; issue 4 item 9, B5): the latency of one statement run
 * by PGliteStatements (one round trip, prepared reads) over the same statement run by `pglite.query` (PGlite's six
 * round trips, parsed and planned each time), same PGlite, same process, interleaved rounds. Lower is better.
 * Statements: a list page like the runtime's (20 rows of 100,000 as one JSON array, keyset order) and a lookup by
 * primary key. B5t/B5u: the same two statements on PGlite in its own thread (PGliteThread, as the server runs it)
 * over PGliteStatements in process: what the hop between threads costs one statement run alone (lower is better;
 * the thread pays it so the server's event loop never waits for PostgreSQL).
 * Knobs: BENCH_ROUNDS (5), BENCH_ROWS (100000). Not part of `npm test`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PER_ROUND = 1_500;

const SETUP = `create table t (id text primary key, a text, b double precision, c boolean, d jsonb, e text, f text, g text,
  h double precision, created_at timestamptz default now());
  insert into t select 'id'||g, 'name '||g, g*1.5, g%2=0, jsonb_build_array('x', g), 'cat'||(g%10), 'CNY', 'CN', g,
  now() - g * interval '1 second' from generate_series(1, ${ROWS}) g;
  create index on t (created_at, id); analyze t`;
const db = await PGlite.create();
await db.exec(SETUP);
const statements = new PGliteStatements(db);
const thread = await PGliteThread.open({});
for (const part of SETUP.split(';')) await thread.query(part);

/** Mean latency of `PER_ROUND` runs, µs, after 100 warm-up runs. */
async function latency(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 100; i++) await run();
  const t0 = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await run();
  return ((performance.now() - t0) / PER_ROUND) * 1000;
}

const cases = [
  {
    id: 'B5p',
    name: 'PGlite list page statement: PGliteStatements vs pglite.query',
    sql: `select (select coalesce(json_agg(agg), '[]') from (select id, a, b, c, d, e, f, g, h, created_at from t
      where (created_at, id) < ($1, $2) order by created_at desc, id desc limit $3) agg) as rows`,
    params: [new Date(), 'zzz', 20],
  },
  { id: 'B5l', name: 'PGlite lookup by primary key: PGliteStatements vs pglite.query', sql: 'select id, a, b from t where id = $1', params: ['id5'] },
];
const threadIds: Record<string, string> = { B5p: 'B5t', B5l: 'B5u' };

type Run = (sql: string, params: unknown[]) => Promise<unknown>;
const viaQuery: Run = (sql, params) => db.query(sql, params);
const viaStatements: Run = (sql, params) => statements.query(sql, params);
const viaThread: Run = (sql, params) => thread.query(sql, params);

/** ROUNDS interleaved rounds of `base` then `subject` on case `c` → an outcome of subject/base latency (lower is better). */
async function compare(c: (typeof cases)[number], id: string, name: string, base: [string, Run], subject: [string, Run], goal: number | null): Promise<Outcome> {
  const b: number[] = [];
  const s: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    b.push(await latency(() => base[1](c.sql, c.params)));
    s.push(await latency(() => subject[1](c.sql, c.params)));
  }
  const subjectText = `${subject[0]}: ${fixed(median(s), 0)} µs`;
  return { id, name, subject: subjectText, baseline: `${base[0]}: ${fixed(median(b), 0)} µs`, ratios: s.map((x, i) => x / b[i]), goal, higherIsBetter: false };
}

const outcomes: Outcome[] = [];
for (const c of cases) {
  outcomes.push(await compare(c, c.id, c.name, ['pglite.query', viaQuery], ['PGliteStatements', viaStatements], 1));
  const name = `${c.name.split(':')[0]}: PGliteThread vs PGliteStatements in process`;
  outcomes.push(await compare(c, threadIds[c.id], name, ['in process', viaStatements], ['PGliteThread', viaThread], null));
}
await db.close();
await thread.close();
const env = `${new Date().toISOString()}; PGlite in process, ${ROWS} rows; ${ROUNDS} interleaved rounds of ${PER_ROUND} statements`;
printReport('pglite', outcomes, ['Ratio: latency of the subject / latency of the baseline, per round (lower is better); B5t/B5u: PGliteThread / PGliteStatements in process.'], env);
checkRegressions(outcomes);
