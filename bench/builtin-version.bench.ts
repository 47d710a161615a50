import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/src/app';
import { dropBinnedMembers, idList, required, text } from '../server/src/modules/organization/common';
import { getRole, updateRole } from '../server/src/modules/organization/role-repository';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median } from './lib/stats';

/**
 * Versions of built-in entities (issue 27 items 1-2), as U1/L1 measure them for model records (update.bench.ts):
 * U2: one role update through the real write path (updateRole: the version checked and stepped in the UPDATE, who
 * and when recorded, binned rows skipped, the organisation bindings replaced) over the same update as the path was
 * before versions (the same checks and binding writes, a plain `update role … where id = ?`), same PGlite (in
 * process), same roles, interleaved rounds; goal ≤ 1.05 (issue 27: the version check costs ≤ 5 % on updates).
 * L2: the role list's statements as listRoles runs them (live rows only: `f_deleted_at is null`, with the version
 * column; then the rows' organisation bindings) over the same without the bin filter and the version, on 2,000 roles
 * (117 of them binned); goal ≤ 1.05 (nothing measurable). The JavaScript mapping after them is the same either way.
 * Knobs: BENCH_ROUNDS (5). Not part of `npm test`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = 600;
const ROLES = 50;

const dir = await mkdtemp(join(tmpdir(), 'kd-bench-builtin-version-'));
const pglite = await PGlite.create();
const app = await buildApp({ pglite, adminPassword: 'Bench@12345', serveClient: false, dataDir: dir });
const db = app.db;
const ids: string[] = [];
for (let i = 0; i < ROLES; i++) {
  const id = randomUUID();
  await db.insertInto('role').values({ id, full_name: `角色${i}`, en_code: `benchRole${i}`, global_mark: 0 }).execute();
  ids.push(id);
}
const orgs = ['org-kd', 'org-quality'];

/**
 * The role update as it was before versions: role-repository.ts save() with a plain UPDATE (binned users' links are
 * dropped as now: that is the users' bin, not the version check).
 */
async function legacyUpdate(id: string, body: { fullName: string; enCode: string; organizeIds: string[] }): Promise<void> {
  await getRole(db, id);
  const fullName = required(body.fullName, 'fullName');
  const enCode = required(body.enCode, 'enCode');
  const dup = await db.selectFrom('role').select('id').where('en_code', '=', enCode).executeTakeFirst();
  if (dup && dup.id !== id) throw new Error('taken');
  const organizeIds = idList(body.organizeIds);
  const known = await db.selectFrom('organize').select('id').where('id', 'in', organizeIds).execute();
  if (known.length !== organizeIds.length) throw new Error('org');
  const values = { full_name: fullName, en_code: enCode, type: text(null), global_mark: 0, description: null, sort_code: 0, enabled_mark: 1 };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('role').set(values).where('id', '=', id).execute();
    await trx.deleteFrom('organize_relation').where('object_type', '=', 'Role').where('object_id', '=', id).execute();
    await dropBinnedMembers(trx, 'Role', id);
    for (const organizeId of organizeIds) await trx.insertInto('organize_relation').values({ id: randomUUID(), organize_id: organizeId, object_type: 'Role', object_id: id }).execute();
  });
}

const versions = new Map<string, number>();
/** The versioned update: updateRole with the version the caller read. */
async function versionedUpdate(id: string, body: { fullName: string; enCode: string; organizeIds: string[] }): Promise<void> {
  const version = versions.get(id) ?? (await getRole(db, id)).version;
  versions.set(id, await updateRole(db, id, { ...body, globalMark: 0 }, { version, actor: 'user-admin' }));
}

let n = 0;
/** Mean latency of PER_ROUND updates (ms), after ROLES + 10 warm-up updates (every role once). */
async function latency(update: typeof legacyUpdate): Promise<number> {
  const run = async () => {
    n += 1;
    const i = n % ROLES;
    await update(ids[i], { fullName: `角色改${n}`, enCode: `benchRole${i}`, organizeIds: [orgs[n % 2]] });
  };
  for (let i = 0; i < ROLES + 10; i++) await run();
  const t0 = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await run();
  return (performance.now() - t0) / PER_ROUND;
}

// L2: 2,000 roles, 100 binned.
for (let i = 0; i < 1950; i += 50) {
  const rows = Array.from({ length: 50 }, (_, k) => ({ id: randomUUID(), full_name: `列表角色${i + k}`, en_code: `listRole${i + k}`, global_mark: 1, ...(k < 3 ? { f_deleted_at: new Date() } : {}) }));
  await db.insertInto('role').values(rows).execute();
}
const COLUMNS = ['id', 'full_name', 'en_code', 'type', 'global_mark', 'description', 'sort_code', 'enabled_mark', 'created_at'] as const;
/** The role list's statements (role-repository.ts selectRoles, then the bindings of the rows): as now, and as before versions and the bin. */
const roleList = (live: boolean) => async () => {
  const q = db.selectFrom('role').select(live ? [...COLUMNS, 'f_version'] : [...COLUMNS]);
  const rows = await (live ? q.where('f_deleted_at', 'is', null) : q).orderBy('sort_code').orderBy('full_name').execute();
  await db.selectFrom('organize_relation as r').innerJoin('organize as o', 'o.id', 'r.organize_id').select(['r.object_id', 'r.organize_id', 'o.full_name']).where('r.object_type', '=', 'Role').where('r.object_id', 'in', rows.map((x) => x.id)).orderBy('o.sort_code').execute();
};
/** Mean latency of 200 runs (ms), after 20 warm-up runs. */
async function listLatency(list: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await list();
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await list();
  return (performance.now() - t0) / 200;
}

const base: number[] = [];
const subject: number[] = [];
const listBase: number[] = [];
const listSubject: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  base.push(await latency(legacyUpdate));
  subject.push(await latency(versionedUpdate));
  listBase.push(await listLatency(roleList(false)));
  listSubject.push(await listLatency(roleList(true)));
}
const outcomes: Outcome[] = [
  {
    id: 'U2',
    name: 'built-in (role) update with the version check vs the write path before versions',
    subject: `versioned updateRole: ${fixed(median(subject), 2)} ms`,
    baseline: `before versions: ${fixed(median(base), 2)} ms`,
    ratios: subject.map((s, i) => s / base[i]),
    goal: 1.05,
    higherIsBetter: false,
  },
  {
    id: 'L2',
    name: 'built-in (role) list with the recycle-bin filter vs without, 2,000 roles',
    subject: `live roles only: ${fixed(median(listSubject), 3)} ms`,
    baseline: `no recycle filter: ${fixed(median(listBase), 3)} ms`,
    ratios: listSubject.map((s, i) => s / listBase[i]),
    goal: 1.05,
    higherIsBetter: false,
  },
];
await app.close();
await rm(dir, { recursive: true, force: true });
const env = `${new Date().toISOString()}; PGlite in process, ${ROLES} roles updated, 2,000 listed; ${ROUNDS} interleaved rounds of ${PER_ROUND} updates`;
printReport('builtin-version', outcomes, ['Ratio: latency with versions and the bin / latency of the path before them, per round (lower is better).'], env);
checkRegressions(outcomes);
