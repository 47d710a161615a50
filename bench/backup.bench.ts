import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pgDriver from 'pg';
import { renderers } from '../renderers';
import type { FieldConfig } from '../schemas/field';
import { buildApp } from '../server/src/app';
import { restoreArchive } from '../server/src/modules/backup/restore';
import { createLoopProbe } from './lib/loop-probe';

/**
 * B17 (issue 23 item 1): backup and restore of a data folder as the server runs it (PGlite on its folder: the online
 * copy of modules/backup). Seeds BENCH_BACKUP_RECORDS orders (default 10,000) with two sub-table lines each, and
 * BENCH_BACKUP_MB megabytes of random (incompressible) files in 1 MB files (default 100) in the file store; then
 * takes a backup through POST /api/system/DataBackup while 10 writers keep creating orders (each with a line) through
 * the model API, and restores the archive into an empty folder (restoreArchive: verify every sha256, load, rename).
 * Figures: backup seconds, restore seconds, the longest write during the backup (goal at 100,000 records and 1 GB:
 * backup and restore ≤ 120 s each, no write over 1 s). Checks the restored folder holds every seeded order and line
 * and each writer's orders as a gap-free prefix. The size: BENCH_BACKUP_RECORDS=100000 BENCH_BACKUP_MB=1024.
 * BENCH_BACKUP_ENGINE=postgres runs the same on PostgreSQL (BENCH_PG, default postgres://postgres@127.0.0.1:5432):
 * the app on a throwaway database kd_b17_<time> (pg_dump custom format inside the archive), restored into another
 * empty one (pg_restore), both dropped at the end. Not part of `npm test`.
 */
const RECORDS = Number(process.env.BENCH_BACKUP_RECORDS ?? 10_000);
const MB = Number(process.env.BENCH_BACKUP_MB ?? 100);
const WRITERS = 10;
const ON_PG = process.env.BENCH_BACKUP_ENGINE === 'postgres';
/** The PostgreSQL server (no database name), as the list benchmarks take BENCH_PG. */
const PG_BASE = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const stamp = Date.now();
const SOURCE_DB = `kd_b17_${stamp}`;
const TARGET_DB = `kd_b17r_${stamp}`;
/** Runs one statement on the server's `postgres` database (create/drop the throwaway databases). */
async function pgAdmin(text: string): Promise<void> {
  const c = new pgDriver.Client(`${PG_BASE}/postgres`);
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
if (ON_PG) {
  await pgAdmin(`create database ${SOURCE_DB}`);
  await pgAdmin(`create database ${TARGET_DB}`);
}
const PASSWORD = 'Bench@12345';

let formId = 700;
/** A field from the renderer's scaffold, as the designer makes it. */
function field(kdKey: string, vModel: string, label: string, config: Record<string, unknown> = {}): FieldConfig {
  const scaffold = structuredClone(renderers[kdKey].scaffold);
  formId += 1;
  return { ...scaffold, __config__: { ...scaffold.__config__, kdKey, label, formId, renderKey: formId, ...config }, __vModel__: vModel } as FieldConfig;
}

/** An order model with a lines sub-table, bound to kd_b17_order (+ _lines). */
function orderModel() {
  const lines = {
    __config__: { kdKey: 'table', label: '订单明细', layout: 'rowFormItem', tag: 'jnpfInputTable', formId: 999, children: [field('comInput', 'item', '物料'), field('numInput', 'qty', '数量'), field('numInput', 'price', '单价')] },
    __vModel__: 'lines',
  };
  return {
    id: '',
    fullName: 'B17 订单',
    enCode: 'b17order',
    category: 'sales',
    type: 1,
    state: 1,
    webType: 2,
    tables: [{ typeId: '1', table: 'kd_b17_order', tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData: { formRef: 'elForm', formModel: 'dataForm', size: 'small', labelPosition: 'right', labelWidth: 100, gutter: 15, span: 24, disabled: false, popupType: 'general', fields: [field('comInput', 'orderNo', '订单号', { required: true }), field('comInput', 'customer', '客户'), field('numInput', 'amount', '金额'), lines] },
    columnData: { type: 1, searchList: [], columnList: [{ prop: 'orderNo', label: '订单号', width: 100, align: 'left', fixed: 'none' }], sort: 'desc', defaultSidx: '', hasPage: true, pageSize: 20, btnsList: [], columnBtnsList: [] },
    flowId: null,
    enableFlow: 0,
  };
}

const dir = await mkdtemp(join(tmpdir(), 'kd-bench-backup-'));
const restoreDir = await mkdtemp(join(tmpdir(), 'kd-bench-restore-'));
process.env.KD_DATA_DIR = dir;
process.env.KD_DEMO = '0';
/** The backup's own log line (`[backup] done`: ms, holdMs = the longest time the database held every statement). */
let backupLog: { ms?: number; holdMs?: number } = {};
const logStream = {
  write(line: string) {
    if (line.includes('[backup] done')) backupLog = JSON.parse(line) as typeof backupLog;
  },
};
const app = await buildApp({ dataDir: dir, adminPassword: PASSWORD, serveClient: false, logStream, ...(ON_PG ? { databaseUrl: `${PG_BASE}/${SOURCE_DB}` } : {}) });
const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  (await app.inject({ method, url, headers: { authorization: token }, payload: payload as object })).json() as { code: number; msg: string; data: { id: string; fileName: string; fileSize: number } };
const login = await app.inject({
  method: 'POST',
  url: '/api/oauth/Login',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ account: 'admin', password: createHash('md5').update(PASSWORD).digest('hex'), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
});
const token = (login.json() as { data: { token: string } }).data.token;
const made = await call('POST', '/api/visualdev/Base', token, orderModel());
if (made.code !== 200) throw new Error(`model: ${made.msg}`);
const M = `/api/visualdev/OnlineDev/${made.data.id}`;
const first = await call('POST', M, token, { orderNo: 'SEED', customer: '华美面料', amount: 12.5, lines: [{ item: '棉布', qty: 1, price: 2 }, { item: '纽扣', qty: 3, price: 4 }] });
if (first.code !== 200) throw new Error(`record: ${first.msg}`);

// Seed: copies of the first order and its lines, in SQL (the same columns the API wrote), 10,000 a statement.
const t0 = performance.now();
const seedId = (await sql<{ id: string }>`select id from kd_b17_order where "orderNo" = 'SEED'`.execute(app.db)).rows[0].id;
for (let from = 1; from <= RECORDS; from += 10_000) {
  const to = Math.min(RECORDS, from + 9_999);
  await sql`insert into kd_b17_order select (jsonb_populate_record(null::kd_b17_order, to_jsonb(o) || jsonb_build_object('id', (1800000000000000000 + g)::text, 'orderNo', 'B' || g))).* from kd_b17_order o, generate_series(${from}::int, ${to}::int) g where o.id = ${seedId}`.execute(app.db);
  await sql`insert into kd_b17_order_lines select (jsonb_populate_record(null::kd_b17_order_lines, to_jsonb(l) || jsonb_build_object('id', (1810000000000000000 + g * 2 + row_number() over (partition by g order by l.id))::text, 'parent_id', (1800000000000000000 + g)::text))).* from kd_b17_order_lines l, generate_series(${from}::int, ${to}::int) g where l.parent_id = ${seedId}`.execute(app.db);
}
const files = join(dir, 'files', 'b17');
await mkdir(files, { recursive: true });
for (let i = 0; i < MB; i++) await writeFile(join(files, `f${String(i).padStart(5, '0')}.bin`), randomBytes(1024 * 1024));
const counts = async (q: (text: string) => Promise<Array<{ n: number }>>) => ({
  orders: Number((await q(`select count(*)::int as n from kd_b17_order`))[0].n),
  lines: Number((await q(`select count(*)::int as n from kd_b17_order_lines`))[0].n),
});
const seeded = await counts(async (text) => (await sql.raw<{ n: number }>(text).execute(app.db)).rows);
console.log(`[B17] seeded ${seeded.orders} orders, ${seeded.lines} lines, ${MB} MB of files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// Backup under 10 writers.
let stop = false;
let phase: 'warm' | 'before' | 'during' | 'after' = 'warm';
const before: number[] = [];
const durs: number[] = [];
const written: number[] = Array(WRITERS).fill(0);
const writer = async (k: number) => {
  for (let seq = 0; !stop; seq++) {
    const w0 = performance.now();
    const r = await call('POST', M, token, { orderNo: `W${k}-${seq}`, customer: 'w', amount: seq, lines: [{ item: `i${k}-${seq}`, qty: 1, price: 1 }] });
    const ms = performance.now() - w0;
    if (r.code !== 200) throw new Error(`write: ${r.code} ${r.msg}`);
    if (phase === 'before') before.push(ms);
    if (phase === 'during') durs.push(ms);
    written[k] = seq + 1;
  }
};
const writers = written.map((_, k) => writer(k));
while (written.some((n) => n < 3)) await new Promise((r) => setTimeout(r, 20));
phase = 'before'; // the same writers for 5 s without a backup: what a write costs on this machine now
await new Promise((r) => setTimeout(r, 5_000));
phase = 'during';
const probe = createLoopProbe();
probe.start();
const b0 = performance.now();
const b = await call('POST', '/api/system/DataBackup', token);
const backupS = (performance.now() - b0) / 1000;
const loop = probe.stop();
phase = 'after';
stop = true;
await Promise.all(writers);
if (b.code !== 200) throw new Error(`backup: ${b.msg}`);
await app.close();

const r0 = performance.now();
await restoreArchive(join(dir, 'backups', b.data.fileName), { dataDir: restoreDir, ...(ON_PG ? { databaseUrl: `${PG_BASE}/${TARGET_DB}` } : {}) });
const restoreS = (performance.now() - r0) / 1000;
/** The restored database: PGlite on the restored folder, or the PostgreSQL database restored into. */
const restored = ON_PG
  ? await (async () => {
      const c = new pgDriver.Client(`${PG_BASE}/${TARGET_DB}`);
      await c.connect();
      return { query: async <T>(text: string) => ({ rows: (await c.query(text)).rows as T[] }), close: () => c.end() };
    })()
  : await PGlite.create({ dataDir: join(restoreDir, 'pgdata') });
const got = await counts(async (text) => (await restored.query<{ n: number }>(text)).rows);
const mine = (await restored.query<{ no: string }>(`select "orderNo" as no from kd_b17_order where "orderNo" like 'W%'`)).rows;
await restored.close();
if (ON_PG) for (const db of [SOURCE_DB, TARGET_DB]) await pgAdmin(`drop database if exists ${db} with (force)`);
const seqs: number[][] = written.map(() => []);
for (const r of mine) {
  const [k, seq] = r.no.slice(1).split('-').map(Number);
  seqs[k].push(seq);
}
const prefix = seqs.every((s) => s.sort((a, c) => a - c).every((v, i) => v === i));
if (got.orders - mine.length !== seeded.orders || got.lines - mine.length !== seeded.lines || !prefix) {
  throw new Error(`restored ${JSON.stringify(got)} (${mine.length} written during the backup, prefix ${prefix}) ≠ seeded ${JSON.stringify(seeded)}`);
}
await rm(dir, { recursive: true, force: true });
await rm(restoreDir, { recursive: true, force: true });

const pct = (a: number[], p: number) => (a.length ? [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((p / 100) * a.length))] : 0);
const longest = Math.max(0, ...durs);
const size = `${ON_PG ? 'PostgreSQL, ' : ''}${RECORDS.toLocaleString('en')} records (+${(RECORDS * 2).toLocaleString('en')} lines), ${MB} MB files; archive ${(b.data.fileSize / 1024 / 1024).toFixed(0)} MB`;
const today = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log(`\n[B17] ${size}; ${durs.length} writes during the backup by ${WRITERS} writers: p50 ${Math.round(pct(durs, 50))} ms, p99 ${Math.round(pct(durs, 99))} ms, max ${Math.round(longest)} ms, over 1 s: ${durs.filter((d) => d > 1000).length}; in the 5 s before it: ${before.length} writes, p50 ${Math.round(pct(before, 50))} ms, p99 ${Math.round(pct(before, 99))} ms, max ${Math.round(Math.max(0, ...before))} ms; database hold (pg_backup_start/stop) ${Math.round(backupLog.holdMs ?? -1)} ms; event-loop delay during the backup p99 ${loop.p99.toFixed(0)} ms, max ${loop.max.toFixed(0)} ms`);
console.log('| benchmark | subject | baseline | ratio (spread) | goal | met? | date (UTC), code |');
console.log('|---|---|---|---|---|---|---|');
console.log(`| B17 backup, ${size} (\`backup\`) | ${backupS.toFixed(1)} s | goal 120 s | ${(backupS / 120).toFixed(2)} | ≤ 120 s | ${backupS <= 120 ? 'yes' : 'no'} | ${today} |`);
console.log(`| B17r restore, same archive | ${restoreS.toFixed(1)} s | goal 120 s | ${(restoreS / 120).toFixed(2)} | ≤ 120 s | ${restoreS <= 120 ? 'yes' : 'no'} | ${today} |`);
console.log(`| B17w longest write during the backup, 10 writers | ${Math.round(longest)} ms (p99 ${Math.round(pct(durs, 99))} ms) | same writers without a backup: max ${Math.round(Math.max(0, ...before))} ms, p99 ${Math.round(pct(before, 99))} ms | ${(longest / 1000).toFixed(2)} | ≤ 1 s | ${longest <= 1000 ? 'yes' : 'no'} | ${today} |`);
process.exit(0);
