import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/src/plugins/auth';
import { type CollectedRoute, createTestApp, logCapture, routeCollector } from './helpers';
import { bodyCases, bodyShape, fillPath, HOSTILE_PARAMS, type HostileCase, paramNames, queryCases, queryNames, randomCase } from './hostile-cases';

/**
 * The hostile-input sweep (issue 20 item 7). It walks Fastify's own route table (an onRoute collector registered
 * before the modules, so a new route is covered without touching this file) and sends every route: no session and
 * forged tokens; then, signed in as admin, hostile params, queries and bodies (hostile-cases.ts: fixed cases plus
 * seeded fast-check ones). It asserts no 5xx (HTTP or body code), the envelope (or a file on a 2xx), no error-level
 * log line, no unhandled rejection, and no row inserted or deleted (row triggers on the server's schema's tables) by refused calls.
 * CI runs a fixed seed; `npm run fuzz` runs KD_FUZZ_RUNS random cases per route from a printed seed (replay it with
 * KD_FUZZ_SEED=<seed>).
 */

const RUNS = Number(process.env.KD_FUZZ_RUNS) || 3;
const SEED = process.env.KD_FUZZ_SEED ? Number(process.env.KD_FUZZ_SEED) : process.env.KD_FUZZ_RUNS ? Date.now() % 2_147_483_647 : 20_2007;
console.log(`[hostile sweep] seed ${SEED}, ${RUNS} random cases per route (replay: KD_FUZZ_SEED=${SEED} KD_FUZZ_RUNS=${RUNS})`);

/** Tables that legitimately record refused attempts, left out of the row counts. */
const LOG_TABLES: Record<string, string> = {
  login_log: 'every sign-in attempt is logged, refused ones included (the sign-in log of Current/SystemLog)',
  sys_log: 'every call is logged, refused ones included (the request, operation and exception logs of 系统日志, issue 23 item 2)',
  schedule_task_log: 'the scheduler logs each run of a due job (seeded: session purge hourly at :05), whatever the requests do (issue 23 item 4)',
  login_attempt: 'wrong passwords are counted toward the sign-in lockout, known and unknown accounts alike (issue 12 item 6)',
  kysely_migration: 'migration bookkeeping, not data',
  kysely_migration_lock: 'migration bookkeeping, not data',
};
/** Routes left out of the signed-in hostile pass, with the reason. Each must name a route that exists. */
const EXCLUDED: Record<string, string> = {};

const collector = routeCollector();
const log = logCapture();
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
process.on('unhandledRejection', onRejection);
const t = await createTestApp({ appOptions: { onRoute: collector.onRoute, logStream: log.stream } });
let token = await t.login();
const routes = collector.routes;
const stats = { requests: 0, relogins: 0 };
afterAll(async () => {
  console.log(`[hostile sweep] ${routes.length} routes (${routes.filter((r) => r.method !== 'HEAD').length} besides HEAD twins) × cases = ${stats.requests} requests; ${stats.relogins} re-sign-ins after Logout`);
  process.off('unhandledRejection', onRejection); // the worker runs other files after this one (isolate: false)
  await t.close();
});

/** A plausible value for a path param: the seeded supplier model where the route checks the model, else an unknown id. */
function plausibleParam(route: CollectedRoute, name: string): string {
  return route.options.config?.access?.model === name ? 'vd-supplier' : '1900000000000000001';
}

const isPublic = (route: CollectedRoute) => route.options.config?.access === 'public';

async function send(method: string, c: HostileCase, authorization?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (c.contentType) headers['content-type'] = c.contentType;
  stats.requests++;
  return t.app.inject({ method: method as 'GET', url: c.url, headers, payload: c.payload });
}

function bodyCode(res: LightMyRequestResponse): number | null {
  try {
    const code = (res.json() as { code?: unknown }).code;
    return typeof code === 'number' ? code : null;
  } catch {
    return null;
  }
}

/** What is wrong with an answer, or null: 5xx, a body that is not the envelope, data without a valid session. */
function judge(route: CollectedRoute, res: LightMyRequestResponse, signedIn: boolean): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode} ${res.body.slice(0, 120)}`;
  if (route.method === 'HEAD') return null;
  const guarded = !signedIn && !isPublic(route);
  if (!String(res.headers['content-type'] ?? '').includes('json')) {
    if (guarded) return `answered HTTP ${res.statusCode} ${res.headers['content-type']} without a valid session`;
    return [200, 206, 304].includes(res.statusCode) ? null : `HTTP ${res.statusCode} ${res.headers['content-type']} is not the envelope`;
  }
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = res.json();
  } catch {
    return 'JSON that does not parse';
  }
  if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) return `not the envelope: ${res.body.slice(0, 120)}`;
  if (![200, 404, 413, 415].includes(res.statusCode)) return `HTTP ${res.statusCode} with code ${body.code}`;
  if (isSessionCode(body.code)) return null;
  if (guarded) return `code ${body.code} without a valid session`;
  if (body.code >= 500) return `code ${body.code} ${body.msg}`;
  return null;
}

/**
 * Net row-count changes per table, kept by row triggers (insert +1, delete −1; in schema kd_sweep, outside the
 * server's): reading them is one small query per case, where a count(*) of every table (≈ 150) was most of the
 * sweep's time. The same facts as counting rows: a refused call that inserts or deletes a row shows; a rolled-back
 * write does not (the trigger's row rolls back with it).
 */
let triggered = new Set<string>();
async function installCounters(): Promise<void> {
  // one statement per call: the app's database runs each as a prepared statement
  for (const statement of [
    'create schema if not exists kd_sweep',
    'create table if not exists kd_sweep.row_delta (tbl text primary key, n bigint not null default 0)',
    `create or replace function kd_sweep.count_row() returns trigger language plpgsql as $$
    begin
      insert into kd_sweep.row_delta (tbl, n) values (TG_TABLE_NAME, case when TG_OP = 'INSERT' then 1 else -1 end)
        on conflict (tbl) do update set n = kd_sweep.row_delta.n + excluded.n;
      return null;
    end $$`,
  ])
    await sql.raw(statement).execute(t.app.db);
}
afterAll(async () => {
  // the app closes after this file; its schema's tables keep no trigger of the sweep
  await sql.raw(`drop schema if exists kd_sweep cascade`).execute(t.app.db).catch(() => {});
});

/** Net row-count change of every table of the server's schema (LOG_TABLES left out); `refresh` counts new tables too. */
async function counts(refresh = false): Promise<Record<string, number>> {
  if (refresh || !triggered.size) {
    if (!triggered.size) await installCounters();
    const r = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(t.app.db);
    const fresh = r.rows.map((row) => row.name).filter((n) => !(n in LOG_TABLES) && !triggered.has(n));
    for (const n of fresh) await sql.raw(`create trigger kd_sweep_count after insert or delete on "${n}" for each row execute function kd_sweep.count_row()`).execute(t.app.db);
    triggered = new Set([...triggered, ...fresh]);
  }
  const r = await sql<{ tbl: string; n: string | number }>`select tbl, n from kd_sweep.row_delta`.execute(t.app.db);
  return Object.fromEntries(r.rows.map((row) => [row.tbl, Number(row.n)]));
}

function changed(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => (before[k] ?? 0) !== (after[k] ?? 0)).map((k) => `${k} ${before[k] ?? 0}→${after[k] ?? 0} (net rows)`);
}

/** New error-level log lines and unhandled rejections since `mark`, as problem texts. */
function serverFaults(mark: { log: number; rejections: number }): string[] {
  const lines = log.errors.slice(mark.log).map((l) => `error log: ${String(l.msg)} ${String((l.err as { message?: string } | undefined)?.message ?? '').slice(0, 200)}`);
  return [...lines, ...rejections.slice(mark.rejections).map((r) => `unhandled rejection: ${String(r).slice(0, 200)}`)];
}

const faultMark = () => ({ log: log.errors.length, rejections: rejections.length });

const forged = `Bearer ${fc.sample(fc.stringMatching(/^[0-9a-f]{64}$/), { seed: SEED, numRuns: 1 })[0]}`;
const AUTH_CASES: Array<[string, string | undefined]> = [
  ['no session', undefined],
  ['forged token', forged],
  ['malformed token', "Bearer ' or '1'='1"],
  ['non-hex token', `Bearer ${'g'.repeat(64)}`],
];

const isSessionCode = (code: number | null) => code !== null && code >= 600 && code <= 602;
/**
 * A new admin session, opened as Login does (createSession) without going through the sign-in throttle: Logout
 * ends the sweep's session on every call, and `npm run fuzz` calls it hundreds of times.
 */
async function newAdminSession(): Promise<string> {
  const admin = await t.app.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  stats.relogins++;
  return `Bearer ${await createSession(t.app.db, admin.id, null, null)}`;
}

describe('hostile-input sweep over every route (issue 20 item 7)', () => {
  it('finds the routes in Fastify\'s table, and the exclusion list names only routes that exist', () => {
    expect(routes.length).toBeGreaterThan(100);
    const known = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(EXCLUDED).filter((k) => !known.has(k))).toEqual([]);
  });

  it('sees a row inserted or deleted behind its back (the write detector can fail)', async () => {
    const before = await counts(true);
    await sql`insert into sys_config (key, value) values ('kd_sweep_probe', '1')`.execute(t.app.db);
    const inserted = await counts();
    expect(changed(before, inserted)).toEqual([`sys_config ${before.sys_config ?? 0}→${(before.sys_config ?? 0) + 1} (net rows)`]);
    await sql`delete from sys_config where key = 'kd_sweep_probe'`.execute(t.app.db);
    expect(changed(before, await counts())).toEqual([]);
    expect(changed(inserted, await counts())).toHaveLength(1);
  });

  it('answers no session and forged tokens on every route with the envelope, no 5xx, and writes nothing', async () => {
    const mark = faultMark();
    const before = await counts(true);
    const problems: string[] = [];
    for (const route of routes) {
      const url = fillPath(route.url, (name) => plausibleParam(route, name));
      const withBody = !['GET', 'HEAD'].includes(route.method);
      for (const [label, authorization] of AUTH_CASES) {
        const res = await send(route.method, { name: label, url, payload: withBody ? '{}' : undefined, contentType: withBody ? 'application/json' : undefined }, authorization);
        const problem = judge(route, res, false);
        if (problem) problems.push(`${route.method} ${route.url} [${label}] ${problem}`);
      }
    }
    problems.push(...serverFaults(mark));
    expect(problems).toEqual([]);
    expect(changed(before, await counts(true))).toEqual([]);
  }, 300_000);

  const signedInRoutes = routes.filter((r) => r.method !== 'HEAD' && !(`${r.method} ${r.url}` in EXCLUDED));
  signedInRoutes.forEach((route, index) => {
    it(`${route.method} ${route.url}: hostile params, query and body with an admin session`, async () => {
      const mark = faultMark();
      const base = fillPath(route.url, (name) => plausibleParam(route, name));
      const { props, valid } = bodyShape(route);
      const cases: HostileCase[] = [
        ...(paramNames(route.url).length ? HOSTILE_PARAMS.map(([name, value]) => ({ name: `param ${name}`, url: fillPath(route.url, () => value) })) : []),
        ...queryCases(base, queryNames(route)),
        ...(route.method === 'GET' ? [] : bodyCases(base, props, valid)),
        ...fc.sample(randomCase(route, base), { seed: SEED + index, numRuns: RUNS }),
      ];
      const problems: string[] = [];
      let snapshot = await counts(true);
      for (const c of cases) {
        let res = await send(route.method, c, token);
        if (isSessionCode(bodyCode(res))) {
          token = await newAdminSession();
          snapshot = await counts();
          res = await send(route.method, c, token);
        }
        const problem = judge(route, res, true);
        const code = bodyCode(res);
        if (problem) problems.push(`[${c.name}] ${problem}`);
        const now = await counts();
        const written = changed(snapshot, now);
        if (code !== 200 && written.length) problems.push(`[${c.name}] answered ${code ?? res.statusCode} but wrote: ${written.join(', ')}`);
        snapshot = now;
      }
      problems.push(...serverFaults(mark));
      expect(problems, `seed ${SEED + index}`).toEqual([]);
    }, 120_000 + RUNS * 1_000);
  });
});
