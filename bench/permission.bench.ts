import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/src/app';
import { hashPassword } from '../server/src/lib/password';
import { createSession } from '../server/src/plugins/auth';
import { loadModel } from '../server/src/modules/visualdev/model-store';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { seedSuppliers } from './lib/seed-suppliers';
import { fixed, median } from './lib/stats';

/**
 * Permission benchmarks (issue 12, "Performance"), in process (PGlite in memory, `app.inject`, the real routes and
 * policy engine), interleaved rounds A B, ratio per round = subject throughput / baseline throughput:
 * - P1: the supplier list (page 1, 20 rows) for a non-administrator whose role holds a two-condition data scheme
 *   (level = A and category included in fabric,trim; the model's useDataPermission on) vs the same list for the
 *   administrator (no row filter), BENCH_ROWS (100,000) rows. Goal ≥ 0.8.
 * - P2: CurrentUser for a user with 5 roles and 200 granted menus (3 buttons each, 40 menus per role) vs the
 *   administrator (who holds every menu, the same 200 among them). Goal ≥ 0.7.
 * Knobs: BENCH_ROUNDS (5), BENCH_ROWS (100000), BENCH_PER_ROUND (200 requests). Not part of `npm test`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 200);

const dir = await mkdtemp(join(tmpdir(), 'kd-bench-perm-'));
const pglite = await PGlite.create();
const app = await buildApp({ pglite, adminPassword: 'Bench@12345', serveClient: false, dataDir: dir });
const db = app.db;
const model = (await loadModel(db, 'vd-supplier'))!;
const t0 = Date.now();
await seedSuppliers(db, model.table, ROWS);
const seedMs = Date.now() - t0;

// P1 set-up: the data switch on, one two-condition scheme granted to the list user's role.
const cd = (await db.selectFrom('visualdev').select('column_data').where('id', '=', 'vd-supplier').executeTakeFirstOrThrow()).column_data as object;
await db.updateTable('visualdev').set({ column_data: JSON.stringify({ ...cd, useDataPermission: true }) }).where('id', '=', 'vd-supplier').execute();
const conditionJson = JSON.stringify([
  { logic: 'and', groups: [{ field: 'level', op: 'Equal', value: 'A' }] },
  { logic: 'and', groups: [{ field: 'category', op: 'Included', value: 'fabric,trim' }] },
]);
await db.insertInto('module_data_authorize_scheme').values({ id: 'bench-scheme', module_id: 'menu-supplier', full_name: 'A级面辅料', en_code: 'benchA', condition_json: conditionJson }).execute();
const password = await hashPassword('0'.repeat(32));
async function user(id: string, roles: string[]): Promise<string> {
  await db.insertInto('users').values({ id, account: id, real_name: id, password, change_pwd_times: 1 }).execute();
  for (const r of roles) await db.insertInto('user_relation').values({ id: `${id}:${r}`, user_id: id, object_type: 'Role', object_id: r }).execute();
  return `Bearer ${await createSession(db, id, null, null)}`;
}
const grant = (role: string, itemType: string, itemId: string) => ({ id: `${role}:${itemType}:${itemId}`, item_type: itemType as 'module', item_id: itemId, object_type: 'Role' as const, object_id: role });
await db.insertInto('role').values({ id: 'bench-list', full_name: 'bench-list', en_code: 'bench-list' }).execute();
await db.insertInto('authorize').values([grant('bench-list', 'module', 'menu-supply'), grant('bench-list', 'module', 'menu-supplier'), grant('bench-list', 'resource', 'bench-scheme')]).execute();
const listUser = await user('bench-lister', ['bench-list']);

// P2 set-up: 200 menus with 3 buttons each, 5 roles of 40 menus.
const menus = Array.from({ length: 200 }, (_, i) => ({ id: `bench-menu-${i}`, parent_id: i < 10 ? '-1' : `bench-menu-${i % 10}`, full_name: `菜单${i}`, en_code: `benchMenu${i}`, type: i < 10 ? 1 : 2, url_address: `bench/${i}`, category: 'Web', sort_code: i }));
await db.insertInto('module').values(menus).execute();
const buttons = menus.flatMap((m) => ['btn_add', 'btn_edit', 'btn_remove'].map((b) => ({ id: `${m.id}:${b}`, module_id: m.id, full_name: b, en_code: b })));
await db.insertInto('module_button').values(buttons).execute();
const roles = Array.from({ length: 5 }, (_, i) => `bench-role-${i}`);
await db.insertInto('role').values(roles.map((r) => ({ id: r, full_name: r, en_code: r }))).execute();
const grants = menus.flatMap((m, i) => {
  const role = roles[i % 5];
  return [grant(role, 'module', m.id), ...['btn_add', 'btn_edit', 'btn_remove'].map((b) => grant(role, 'button', `${m.id}:${b}`))];
});
// Every role also holds the 10 directories, so each role's menus hang in a tree.
for (const r of roles) for (const m of menus.slice(0, 10)) if (!grants.some((g) => g.id === `${r}:module:${m.id}`)) grants.push(grant(r, 'module', m.id));
for (let i = 0; i < grants.length; i += 500) await db.insertInto('authorize').values(grants.slice(i, i + 500)).execute();
const menuUser = await user('bench-menus', roles);
const adminRow = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
const admin = `Bearer ${await createSession(db, adminRow.id, null, null)}`;

const listReq = (token: string) => app.inject({ method: 'POST', url: '/api/visualdev/OnlineDev/vd-supplier/List', headers: { authorization: token }, payload: { currentPage: 1, pageSize: 20 } });
const meReq = (token: string) => app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } });

/** Requests per second of PER_ROUND sequential requests (each checked: code 200). */
async function throughput(send: () => Promise<{ body: string }>): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) {
    const r = JSON.parse((await send()).body);
    if (r.code !== 200) throw new Error(`request failed: ${r.code} ${r.msg}`);
  }
  return (PER_ROUND / (performance.now() - t)) * 1000;
}

async function pair(base: () => Promise<{ body: string }>, subject: () => Promise<{ body: string }>) {
  for (let i = 0; i < 20; i++) {
    await base();
    await subject();
  }
  const b: number[] = [];
  const s: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    b.push(await throughput(base));
    s.push(await throughput(subject));
  }
  return { b, s, ratios: s.map((x, i) => x / b[i]) };
}

const seen = JSON.parse((await listReq(listUser)).body).data;
const adminSeen = JSON.parse((await listReq(admin)).body).data;
const me = JSON.parse((await meReq(menuUser)).body).data;
const p1 = await pair(() => listReq(admin), () => listReq(listUser));
const p2 = await pair(() => meReq(admin), () => meReq(menuUser));
const outcomes: Outcome[] = [
  {
    id: 'P1',
    name: `list page 1 of ${ROWS} rows, non-admin with a two-condition data scheme vs the admin`,
    subject: `scheme user: ${fixed(median(p1.s), 0)} req/s (total ${seen.pagination.total}${seen.pagination.totalCapped ? ', capped' : ''})`,
    baseline: `admin: ${fixed(median(p1.b), 0)} req/s (total ${adminSeen.pagination.total}${adminSeen.pagination.totalEstimated ? ', estimated' : ''})`,
    ratios: p1.ratios,
    goal: 0.8,
    higherIsBetter: true,
  },
  {
    id: 'P2',
    name: `CurrentUser, user with 5 roles and ${me.permissionList.length} granted menus vs the admin`,
    subject: `5-role user: ${fixed(median(p2.s), 0)} req/s`,
    baseline: `admin: ${fixed(median(p2.b), 0)} req/s`,
    ratios: p2.ratios,
    goal: 0.7,
    higherIsBetter: true,
  },
];
await app.close();
await rm(dir, { recursive: true, force: true });
const env = `${new Date().toISOString()}; PGlite in process, app.inject; ${ROWS} rows seeded in ${fixed(seedMs / 1000, 1)} s; ${ROUNDS} interleaved rounds of ${PER_ROUND} requests; load average ${loadavg().map((x) => fixed(x, 1)).join(' ')}`;
printReport('permission', outcomes, ['Ratio: subject throughput / baseline throughput per round (higher is better).'], env);
checkRegressions(outcomes);
