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

const outcomes: Outcome[] = [];
for (const c of cases) {
  const subject: number[] = [];
  const baseline: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    baseline.push(await latency(() => db.query(c.sql, c.params)));
    subject.push(await latency(() => statements.query(c.sql, c.params)));
  }
  outcomes.push({
    id: c.id,
    name: c.name,
    subject: `PGliteStatements: ${fixed(median(subject), 0)} µs`,
    baseline: `pglite.query: ${fixed(median(baseline), 0)} µs`,
    ratios: subject.map((s, i) => s / baseline[i]),
    goal: 1,
    higherIsBetter: false,
  });
  const inThread: number[] = [];
  const inProcess: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    inProcess.push(await latency(() => statements.query(c.sql, c.params)));
    inThread.push(await latency(() => thread.query(c.sql, c.params)));
  }
  outcomes.push({
    id: threadIds[c.id],
    name: `${c.name.split(':')[0]}: PGliteThread vs PGliteStatements in process`,
    subject: `PGliteThread: ${fixed(median(inThread), 0)} µs`,
    baseline: `in process: ${fixed(median(inProcess), 0)} µs`,
    ratios: inThread.map((s, i) => s / inProcess[i]),
    goal: null,
    higherIsBetter: false,
  });
}
await db.close();
await thread.close();
const env = `${new Date().toISOString()}; PGlite in process, ${ROWS} rows; ${ROUNDS} interleaved rounds of ${PER_ROUND} statements`;
printReport('pglite', outcomes, ['Ratio: latency with PGliteStatements / latency with pglite.query, per round (lower is better).'], env);
checkRegressions(outcomes);
