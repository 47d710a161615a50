import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import pgDriver from 'pg';
import { buildApp } from '../server/src/app';
import { met, type Outcome, printReport } from './lib/report';
import { fixed, median } from './lib/stats';

/**
 * R1 (issue 16 "Performance"): a data report over 100,000 rows grouped into 50 groups — POST
 * /api/datareport/Data/{id}/Preview (parameters bound, the run through the data interfaces' SQL runner: grammar check,
 * read-only transaction, role, row scope; the first page of 50 rows laid out with subtotal rows via window functions,
 * every group's subtotal and the grand total by GROUP BY ROLLUP, the chart's sums, through Fastify's inject) — vs
 * the same SQL run raw on the same connection pool (every one of the 100,000 rows fetched to Node). Ratio = raw ms /
 * report ms per round, goal ≥ 0.5. PostgreSQL at BENCH_PG (default the local server), a throwaway database, no demo
 * data. Knobs: BENCH_ROUNDS (15), BENCH_ROWS (100000).
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PG_BASE = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const DB = `kd_r1_${Date.now()}`;
const PASSWORD = 'Bench@12345';
const SQL_TEXT = `select 'S' || lpad((g % 50)::text, 2, '0') as supplier, to_char(date '2026-01-01' + (g % 365), 'YYYY-MM') as month, ((g * 7919) % 1000)::float8 / 10 as amount from generate_series(1, @rows) as g`;

async function pgAdmin(text: string): Promise<void> {
  const c = new pgDriver.Client(`${PG_BASE}/postgres`);
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

process.env.KD_DEMO = '0';
await pgAdmin(`create database ${DB}`);
const app = await buildApp({ databaseUrl: `${PG_BASE}/${DB}`, adminPassword: PASSWORD, serveClient: false });
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ account: 'admin', password: createHash('md5').update(PASSWORD).digest('hex'), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const call = async (method: 'POST' | 'GET', url: string, payload?: unknown) => (await app.inject({ method, url, headers: { authorization: token }, payload: payload as object })).json() as { code: number; msg: string; data: Record<string, unknown> };
  const made = await call('POST', '/api/datareport/Data', {
    fullName: '基准报表',
    enCode: 'benchReport',
    config: {
      parameters: [{ name: 'rows', label: '行数', type: 'number', default: ROWS }],
      dataset: { type: 'sql', sql: SQL_TEXT },
      columns: [
        { field: 'supplier', label: '供应商' },
        { field: 'month', label: '月份' },
        { field: 'amount', label: '金额', format: 'thousands' },
      ],
      grouping: { fields: ['supplier'], aggregates: [{ field: 'amount', fn: 'sum' }] },
      chart: { type: 'bar', categoryField: 'supplier', valueField: 'amount' },
    },
  });
  if (made.code !== 200) throw new Error(`create: ${made.msg}`);
  const id = made.data.id as string;
  const report = async () => {
    const t0 = performance.now();
    const r = await call('POST', `/api/datareport/Data/${id}/Preview`, { params: { rows: ROWS }, pageSize: 50 });
    const ms = performance.now() - t0;
    if (r.code !== 200) throw new Error(`preview: ${r.msg}`);
    const data = r.data as { pagination: { total: number }; groups: unknown[] };
    if (data.pagination.total !== ROWS || data.groups.length !== 50) throw new Error(`preview answered ${data.pagination.total} rows, ${data.groups.length} groups`);
    return ms;
  };
  const rawText = SQL_TEXT.replace('@rows', '$1');
  const raw = async () => {
    const t0 = performance.now();
    const r = await sql<Record<string, unknown>>`${sql.raw(rawText.split('$1')[0])}${ROWS}${sql.raw(rawText.split('$1')[1])}`.execute(app.db);
    const ms = performance.now() - t0;
    if (r.rows.length !== ROWS) throw new Error(`raw answered ${r.rows.length}`);
    return ms;
  };
  await report();
  await raw();
  const loadBefore = loadavg()[0];
  const reportMs: number[] = [];
  const rawMs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const a = i % 2 ? await raw() : await report();
    const b = i % 2 ? await report() : await raw();
    const [r, w] = i % 2 ? [b, a] : [a, b];
    reportMs.push(r);
    rawMs.push(w);
    ratios.push(w / r);
  }
  const loadAfter = loadavg()[0];
  const outcome: Outcome = {
    id: 'R1',
    name: `report over ${ROWS.toLocaleString('en-US')} rows in 50 groups, first page + subtotals + grand total + chart (PostgreSQL)`,
    subject: `${fixed(median(reportMs), 1)} ms`,
    baseline: `the same SQL run raw, all rows to Node: ${fixed(median(rawMs), 1)} ms`,
    ratios,
    goal: 0.5,
    higherIsBetter: true,
  };
  printReport('report', [outcome], [`load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}; report ms ${reportMs.map((x) => x.toFixed(0)).join(', ')}; raw ms ${rawMs.map((x) => x.toFixed(0)).join(', ')}`], `PostgreSQL ${PG_BASE.replace(/\/\/[^@]*@/, '//')}`);
  if (met(outcome) === false) process.exitCode = 1;
} finally {
  await app.close();
  await pgAdmin(`drop database if exists ${DB} with (force)`);
}
