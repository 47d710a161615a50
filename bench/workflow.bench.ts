import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { createSession } from '../server/src/plugins/auth';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median, percentile } from './lib/stats';

/**
 * Workflow benchmarks (issue 15 "Performance"), in process (`app.inject`, the real routes), on PGlite in memory and,
 * when BENCH_PG is set (postgres://postgres@127.0.0.1:5432), on a database `kd_bench_wf` created and dropped here:
 * - W1: GET FlowBefore/List/1 (page 1 of 20) for an approver holding BENCH_TASKS (10,000) open tasks vs a plain
 *   indexed query of the same rows and count through the same Kysely instance; interleaved rounds, ratio = endpoint
 *   throughput / query throughput. Goal ≥ 0.7.
 * - W2: POST FlowBefore/Audit end to end (lock, engine, projections, records, the next node's to-do and message),
 *   one at a time on BENCH_APPROVALS (200) launched tasks: p50 and p99 latency. Goal p99 < 100 ms on PostgreSQL.
 * Knobs: BENCH_ROUNDS (5), BENCH_PER_ROUND (100 requests), BENCH_TASKS, BENCH_APPROVALS, BENCH_PG. Not part of `npm test`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 100);
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 200);
const W = '/api/workflow/Engine';
const tree = (approver: string) => ({ type: 'start', nodeId: 'start', properties: { title: '发起' }, childNode: { type: 'approver', nodeId: 'a1', properties: { title: '审批', assigneeType: 6, approvers: [approver] }, childNode: { type: 'approver', nodeId: 'a2', properties: { title: '复核', assigneeType: 6, approvers: [approver] }, childNode: null } } });

async function measure(kind: 'pglite' | 'pg'): Promise<Outcome[]> {
  const dir = await mkdtemp(join(tmpdir(), 'kd-bench-wf-'));
  const admin = (text: string) => new pg.Client({ connectionString: `${process.env.BENCH_PG}/postgres` }).connect().then(async (c) => c.query(text).finally(() => c.end()));
  if (kind === 'pg') await admin('drop database if exists kd_bench_wf with (force)').then(() => admin('create database kd_bench_wf'));
  const app = await buildApp(kind === 'pg' ? { databaseUrl: `${process.env.BENCH_PG}/kd_bench_wf`, adminPassword: 'Bench@12345', serveClient: false, dataDir: dir } : { pglite: await PGlite.create(), adminPassword: 'Bench@12345', serveClient: false, dataDir: dir });
  const db = app.db;
  const adminId = (await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  const token = `Bearer ${await createSession(db, adminId, null, null)}`;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const r = JSON.parse((await app.inject({ method, url, headers: { authorization: token }, payload: payload as object })).body);
    if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.msg}`);
    return r.data;
  };
  const flowId = (await call('POST', `${W}/FlowEngine`, { enCode: 'benchFlow', fullName: '压测流程', flowTemplateJson: tree(adminId) })).id as string;
  await call('POST', `${W}/FlowEngine/Release/${flowId}`);

  // W1 data: TASKS open tasks whose first node waits for the admin, written in bulk (the rows the to-do list reads).
  const t0 = Date.now();
  await sql`insert into flow_task (id, full_name, flow_id, flow_version_id, flow_code, flow_name, form_data, status, state_json, creator_user_id, this_step, this_step_id, start_time, created_at)
    select 'bt' || g, '压测单 ' || g, ${flowId}, ${`${flowId}:v1`}, 'benchFlow', '压测流程', '{}'::jsonb, 1, '{}'::jsonb, ${adminId}, '审批', 'a1', now(), now() - (g || ' seconds')::interval
    from generate_series(1, ${TASKS}) g`.execute(db);
  await sql`insert into flow_task_operator (id, task_id, node_code, node_name, handle_type, handle_id, state, completion, created_at)
    select 'bo' || g, 'bt' || g, 'a1', '审批', 6, ${adminId}, 0, 0, now() - (g || ' seconds')::interval from generate_series(1, ${TASKS}) g`.execute(db);
  await sql`analyze`.execute(db);
  const seedMs = Date.now() - t0;

  const list = () => call('GET', `${W}/FlowBefore/List/1?currentPage=1&pageSize=20`);
  const plain = async () => {
    const base = db.selectFrom('flow_task_operator as o').innerJoin('flow_task as t', 't.id', 'o.task_id').where('o.handle_id', '=', adminId).where('o.state', '=', 0).where('o.completion', '=', 0).where('t.status', '=', 1);
    await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return base.selectAll('t').select(['o.id as op_id', 'o.node_code', 'o.created_at as received']).orderBy('o.created_at', 'desc').orderBy('t.id').limit(20).execute();
  };
  const seen = await list();
  if (seen.pagination.total < TASKS) throw new Error(`to-do total ${seen.pagination.total}`);
  const rate = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await f();
    return (PER_ROUND / (performance.now() - t)) * 1000;
  };
  for (let i = 0; i < 20; i++) await Promise.all([list(), plain()]);
  const s: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    b.push(await rate(plain));
    s.push(await rate(list));
  }

  // W2: launch APPROVALS tasks through the API, then approve each first node one at a time.
  const ops: string[] = [];
  for (let i = 0; i < APPROVALS; i++) {
    const id = (await call('POST', `${W}/FlowTask`, { flowId, fullName: `审批压测 ${i}`, formData: {}, status: 0 })).id as string;
    const op = await db.selectFrom('flow_task_operator').select('id').where('task_id', '=', id).where('node_code', '=', 'a1').executeTakeFirstOrThrow();
    ops.push(op.id);
  }
  const latencies: number[] = [];
  for (const op of ops) {
    const t = performance.now();
    await call('POST', `${W}/FlowBefore/Audit/${op}`, { handleOpinion: '同意' });
    latencies.push(performance.now() - t);
  }
  await app.close();
  await rm(dir, { recursive: true, force: true });
  if (kind === 'pg') await admin('drop database if exists kd_bench_wf with (force)');
  const label = kind === 'pg' ? 'PostgreSQL' : 'PGlite';
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(`[${label}] ${TASKS} open tasks seeded in ${fixed(seedMs / 1000, 1)} s; approve p50 ${fixed(p50, 1)} ms, p99 ${fixed(p99, 1)} ms`);
  return [
    {
      id: kind === 'pg' ? 'W1pg' : 'W1',
      name: `to-do list page 1 for an approver with ${TASKS} open tasks vs a plain indexed query of the same rows (${label})`,
      subject: `FlowBefore/List/1: ${fixed(median(s), 0)} req/s`,
      baseline: `Kysely query + count: ${fixed(median(b), 0)} ops/s`,
      ratios: s.map((x, i) => x / b[i]),
      goal: 0.7,
      higherIsBetter: true,
    },
    {
      id: kind === 'pg' ? 'W2pg' : 'W2',
      name: `approve end to end, ${APPROVALS} approvals one at a time (${label}): p99 / 100 ms`,
      subject: `p50 ${fixed(p50, 1)} ms, p99 ${fixed(p99, 1)} ms`,
      baseline: '100 ms (the goal)',
      ratios: [p99 / 100],
      goal: kind === 'pg' ? 1 : null,
      higherIsBetter: false,
    },
  ];
}

const outcomes = [...(await measure('pglite')), ...(process.env.BENCH_PG ? await measure('pg') : [])];
const env = `${new Date().toISOString()}; app.inject in process; ${ROUNDS} interleaved rounds of ${PER_ROUND} requests; load average ${loadavg().map((x) => fixed(x, 1)).join(' ')}`;
printReport('workflow', outcomes, ['W1 ratio: endpoint throughput / plain query throughput per round (higher is better).', 'W2 ratio: p99 latency / 100 ms (≤ 1 meets the goal).'], env);
checkRegressions(outcomes);
