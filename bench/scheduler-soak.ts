import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../src/testing/freePort';

/**
 * Two-instance scheduler soak (issue 23 item 4, "a job on two instances runs exactly once"): not a test, not part of
 * `npm run bench` (it runs for minutes). `node --import tsx bench/scheduler-soak.ts [minutes]`.
 *
 * Creates a throwaway database `kd_soak_<time>` on SOAK_PG (default postgres://postgres@127.0.0.1:5432), starts two
 * server processes (server/src/main.ts, each its own port and data folder) on it one after the other (the first
 * migrates and seeds), both polling every SOAK_POLL_MS (default 250 ms; the product default is 2,000 ms, which
 * runs an every-second job only every poll), adds an enabled every-second job (`* * * * * *`, built-in method
 * sessionPurge) whose first run is 3 s ahead, lets both run for `minutes` (argument, or SOAK_MINUTES, default 10), stops
 * the job, waits for the runs in progress, then reads the run log and the job's run_count:
 * - duplicated: due seconds claimed more than once = (run_count − log rows) + (log rows − distinct due times) — the
 *   claim is one conditional UPDATE, the log's unique (task_id, due_time) a second guard, so both must be 0;
 * - missed: whole seconds between the first and the last due time with no run. The scheduler does not replay a due
 *   time it saw late (runner.ts: the next run is computed from the poll's time), so a second is missed when no poll of
 *   either instance fell within it — a measure of poll lateness under load, not of double runs;
 * - failed runs (result ≠ 1), the split between the instances, and the start delay after the due time (p50/p99/max).
 * Prints one JSON line with the figures and exits 1 when a run was duplicated or failed. Drops the database at the end.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BASE = process.env.SOAK_PG ?? 'postgres://postgres@127.0.0.1:5432';
const MINUTES = Number(process.argv[2] ?? process.env.SOAK_MINUTES ?? 10);
const POLL_MS = Number(process.env.SOAK_POLL_MS ?? 250);
const DB = `kd_soak_${Date.now()}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Starts one server process on `url` and waits until its /readyz answers 200 (bounded by 5 minutes). */
async function startInstance(name: string, url: string): Promise<{ child: ChildProcess; port: number; dir: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `kd-soak-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: url, KD_DATA_DIR: dir, KD_SCHEDULER_POLL_MS: String(POLL_MS), REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return { child, port, dir };
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${name} not ready in 5 minutes`);
}

/** Stops a server process (SIGTERM, then SIGKILL after 15 s). */
async function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(t);
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

async function main(): Promise<void> {
  const admin = new pg.Client(`${BASE}/postgres`);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DB}`);
  const url = `${BASE}/${DB}`;
  const instances: ChildProcess[] = [];
  const dirs: string[] = [];
  const db = new pg.Client(url);
  let failed = false;
  try {
    const t0 = Date.now();
    for (const name of ['a', 'b']) {
      const i = await startInstance(name, url);
      instances.push(i.child);
      dirs.push(i.dir);
    }
    console.error(`[soak] two instances ready in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${DB}; polling every ${POLL_MS} ms; running ${MINUTES} min`);
    await db.connect();
    const id = randomUUID();
    const first = new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000);
    await db.query(
      `INSERT INTO schedule_task (id, full_name, en_code, execute_type, execute_content, enabled_mark, next_run_time, created_at)
       VALUES ($1, '秒级压测', 'soakEverySecond', 3, $2, 1, $3, now())`,
      [id, JSON.stringify({ cron: '* * * * * *', localHostTaskId: 'sessionPurge', parameter: [] }), first],
    );
    const endAt = first.getTime() + MINUTES * 60_000;
    while (Date.now() < endAt) {
      await sleep(Math.min(30_000, endAt - Date.now()));
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM schedule_task_log WHERE task_id = $1', [id]);
      console.error(`[soak] ${((Date.now() - first.getTime()) / 60_000).toFixed(1)} min: ${rows[0].n} runs`);
    }
    await db.query('UPDATE schedule_task SET enabled_mark = 0, next_run_time = NULL WHERE id = $1', [id]);
    await sleep(5_000);
    const task = (await db.query<{ run_count: number }>('SELECT run_count FROM schedule_task WHERE id = $1', [id])).rows[0];
    const log = (
      await db.query<{ due: Date; start: Date; instance: string; result: number | null }>(
        'SELECT due_time AS due, start_time AS start, instance, result FROM schedule_task_log WHERE task_id = $1 ORDER BY due_time',
        [id],
      )
    ).rows;
    const dues = log.map((r) => r.due.getTime());
    const distinct = new Set(dues);
    const last = Math.max(...dues);
    let missed = 0;
    const gaps: number[] = [];
    for (let s = first.getTime(); s <= last; s += 1000) {
      if (!distinct.has(s)) {
        missed++;
        if (gaps.length < 20) gaps.push(s);
      }
    }
    const byInstance: Record<string, number> = {};
    for (const r of log) byInstance[r.instance] = (byInstance[r.instance] ?? 0) + 1;
    const delays = log.map((r) => r.start.getTime() - r.due.getTime()).sort((a, b) => a - b);
    const expected = (last - first.getTime()) / 1000 + 1;
    const duplicated = task.run_count - log.length + (log.length - distinct.size);
    const failures = log.filter((r) => r.result !== 1).length;
    const report = {
      minutes: MINUTES,
      pollMs: POLL_MS,
      dueSeconds: expected,
      runs: log.length,
      runCount: task.run_count,
      distinctDueTimes: distinct.size,
      duplicated,
      missed,
      missedShare: Number((missed / expected).toFixed(4)),
      firstMissed: gaps.map((g) => new Date(g).toISOString()),
      failed: failures,
      byInstance,
      startDelayMs: { p50: pct(delays, 50), p99: pct(delays, 99), max: delays.at(-1) ?? 0 },
      load: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(1))),
    };
    console.log(JSON.stringify(report));
    failed = duplicated !== 0 || failures !== 0;
  } finally {
    await db.end().catch(() => undefined);
    await Promise.all(instances.map(stopInstance));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch((e) => console.error(`[soak] drop failed: ${e}`));
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

await main();
