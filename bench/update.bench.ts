import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/src/app';
import { jsonb } from '../server/src/db/json';
import { billRuleFields } from '../server/src/modules/bill-rule/assign';
import { bindRecordFiles } from '../server/src/modules/files/store';
import { assertWritable } from '../server/src/modules/visualdev/field-access';
import { diffRecords, logChanges } from '../server/src/modules/visualdev/history';
import { invalidateModel } from '../server/src/modules/visualdev/list-writes';
import { listFilter } from '../server/src/modules/visualdev/list-filter';
import { filtered, ordered } from '../server/src/modules/visualdev/list-keyset';
import { loadModel } from '../server/src/modules/visualdev/model-store';
import { getRecord, raw, rowsAsJsonStatement, runRowsAsJson, selectColumns } from '../server/src/modules/visualdev/onlinedev-repository';
import type { Actor } from '../server/src/modules/visualdev/record-prepare';
import { stripServerFields } from '../server/src/modules/visualdev/record-prepare';
import { dynamicOptionsOf, referenceErrors } from '../server/src/modules/visualdev/record-references';
import { createOne, prepare, recordErrors, recordOfBody, updateOne } from '../server/src/modules/visualdev/record-service';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { seedSuppliers } from './lib/seed-suppliers';
import { fixed, median } from './lib/stats';

/**
 * Record updates with versions (issue 27 item 1, U1): the latency of one update of a seeded supplier record through
 * the real write path (updateOne: the row locked `for update`, the version checked and bumped in the UPDATE, the
 * version in the history entry) over the same update as the write path was before versions (the same preparation,
 * validation, reference checks, files and history, with a plain `update … where id = ?` and no lock), same PGlite
 * (in process), same records, interleaved rounds. Goal ≤ 1.05.
 * L1 (issue 27 item 2): a list's first-page statement as the runtime builds it now (live records only: `f_deleted_at
 * is null`, plus the version column) over the same statement without them, on 20,000 seeded suppliers, 20 rows in
 * the default order, same PGlite, interleaved rounds (goal ≤ 1.05: nothing measurable).
 * Knobs: BENCH_ROUNDS (5). Not part of `npm test`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = 600;
const RECORDS = 50;

const dir = await mkdtemp(join(tmpdir(), 'kd-bench-update-'));
const pglite = await PGlite.create();
const app = await buildApp({ pglite, adminPassword: 'Bench@12345', serveClient: false, dataDir: dir });
const db = app.db;
const model = (await loadModel(db, 'vd-supplier'))!;
const actor: Actor = { userId: 'user-admin', userName: '管理员', organizeId: null, positionId: null };
const ids: string[] = [];
for (let i = 0; i < RECORDS; i++) ids.push(await createOne(db, model, { supplierCode: `S${String(i).padStart(4, '0')}`, supplierName: `供应商${i}`, creditLimit: 1000 }, actor, 'zh'));

/** The update as it was before versions (see the module comment). */
async function legacyUpdate(recordId: string, body: Record<string, unknown>): Promise<void> {
  const incoming = recordOfBody(body, model);
  assertWritable(incoming, null);
  stripServerFields(model, incoming);
  for (const f of billRuleFields(model.record.formData.fields)) delete incoming[f.vModel];
  const dynamic = await dynamicOptionsOf(db, model, incoming);
  await db.transaction().execute(async (trx) => {
    const current = await getRecord(trx, model, recordId);
    if (!current) throw new Error('no record');
    const { id: _id, version: _v, ...stored } = current;
    const merged = { ...stored, ...incoming };
    await prepare(trx, model, merged, 'update', actor);
    if (recordErrors(model, merged, 'zh').length) throw new Error('invalid');
    const changed = new Set(Object.keys(incoming).filter((k) => JSON.stringify(incoming[k]) !== JSON.stringify(stored[k])));
    if ((await referenceErrors(trx, model, merged, 'zh', dynamic, changed)).length) throw new Error('bad reference');
    const values = Object.fromEntries(model.columns.filter((c) => c.name in merged).map((c) => [c.name, c.type === 'jsonb' && merged[c.name] != null ? jsonb(merged[c.name]) : (merged[c.name] ?? null)]));
    await raw(trx).updateTable(model.table).set({ ...values, updated_at: new Date(), updated_by: actor.userId }).where('id', '=', recordId).execute();
    await bindRecordFiles(trx, model.record.id, recordId, model.record.formData.fields, merged, actor.userId);
    const after = await getRecord(trx, model, recordId);
    await logChanges(trx, model.record.id, 'update', actor, [{ recordId, changes: diffRecords(model, current, after) }]);
  });
  invalidateModel(db, model.record.id);
}

const versions = new Map<string, number>();
let n = 0;
/** The versioned update: updateOne with the version the caller read. */
async function versionedUpdate(recordId: string, incoming: Record<string, unknown>): Promise<void> {
  // The legacy path never bumps the version, so a cached one stays right; each record is read once (in the warm-up).
  const version = versions.get(recordId) ?? ((await getRecord(db, model, recordId))!.version as number);
  const r = await updateOne(db, model, recordId, { ...incoming, version }, actor, 'zh');
  if (!r) throw new Error('no record');
  versions.set(recordId, r.version);
}

/** Mean latency of PER_ROUND updates (ms), after RECORDS + 10 warm-up updates (every record once). */
async function latency(update: (id: string, rec: Record<string, unknown>) => Promise<void>): Promise<number> {
  const run = async () => {
    n += 1;
    const id = ids[n % RECORDS];
    await update(id, { supplierName: `供应商改${n}`, creditLimit: n % 100_000 });
  };
  for (let i = 0; i < RECORDS + 10; i++) await run();
  const t0 = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await run();
  return (performance.now() - t0) / PER_ROUND;
}

await seedSuppliers(db, model.table, 20_000);
const filter = listFilter(model, {});
const order = { sidx: '', sort: 'desc' as const };
const withBin = rowsAsJsonStatement(db, ordered(filtered(db, model, filter), order).select(selectColumns(model)).limit(20));
const plain = rowsAsJsonStatement(db, ordered(raw(db).selectFrom(model.table).where(filter.where) as unknown as ReturnType<typeof filtered>, order).select(selectColumns(model).filter((c) => c !== 'f_version')).limit(20));
/** Mean latency of 500 runs of a statement (ms), after 50 warm-up runs. */
async function statementLatency(statement: typeof plain): Promise<number> {
  for (let i = 0; i < 50; i++) await runRowsAsJson(db, statement);
  const t0 = performance.now();
  for (let i = 0; i < 500; i++) await runRowsAsJson(db, statement);
  return (performance.now() - t0) / 500;
}
const listBase: number[] = [];
const listSubject: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  listBase.push(await statementLatency(plain));
  listSubject.push(await statementLatency(withBin));
}

const base: number[] = [];
const subject: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  base.push(await latency(legacyUpdate));
  subject.push(await latency(versionedUpdate));
}
const outcomes: Outcome[] = [
  {
    id: 'U1',
    name: 'record update with the version check vs the write path before versions',
    subject: `versioned updateOne: ${fixed(median(subject), 2)} ms`,
    baseline: `before versions: ${fixed(median(base), 2)} ms`,
    ratios: subject.map((s, i) => s / base[i]),
    goal: 1.05,
    higherIsBetter: false,
  },
  {
    id: 'L1',
    name: 'list first-page statement with the recycle-bin filter and version vs without',
    subject: `live records only: ${fixed(median(listSubject), 3)} ms`,
    baseline: `no recycle filter: ${fixed(median(listBase), 3)} ms`,
    ratios: listSubject.map((s, i) => s / listBase[i]),
    goal: 1.05,
    higherIsBetter: false,
  },
];
await app.close();
await rm(dir, { recursive: true, force: true });
const env = `${new Date().toISOString()}; PGlite in process, seeded supplier model, ${RECORDS} records; ${ROUNDS} interleaved rounds of ${PER_ROUND} updates`;
printReport('update', outcomes, ['Ratio: latency of the versioned update / latency of the pre-version update, per round (lower is better); L1: the list statement with / without the recycle-bin filter.'], env);
checkRegressions(outcomes);
