import { sql } from 'kysely';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import type { RowFilter } from '../../permissions/row-filter';
import { readSettingsGroup } from '../sysconfig/settings';
import { inScope } from './field-access';
import { diffRecords, logChanges } from './history';
import { invalidateModel, invalidateRows } from './list-writes';
import { likePattern } from './list-filter';
import { DELETED_AT_COLUMN, DELETED_BY_COLUMN, VERSION_COLUMN } from './model-layout';
import { deleteRecordFiles } from '../files/store';
import type { LoadedModel } from './model-store';
import { attachSubTables, type ModelRow, raw, selectColumns, toRow } from './onlinedev-repository';
import type { Actor } from './record-prepare';
import { recycleFail } from './recycle-messages';
import { lockUniqueValues, uniqueColumns } from './unique-values';

/**
 * The recycle bin of a model (issue 27 item 2): deleted records keep their row (marked `f_deleted_at`/`f_deleted_by`),
 * sub-table rows and files; lists, detail, pickers, totals and Excel skip them; they are listed here, restored as
 * they were (same id, values, lines and files, plus a history entry), and purged after the retention
 * (`sys_parameter` recycleRetentionDays, default 30 days) by the scheduled job 回收站清理 (scheduler/recycle-purge.ts,
 * daily; a run missed while every instance was down runs once at the next start). JNPF's `logicalDelete` maps onto this: every model deletes logically.
 */

/** Retention of the recycle bin when the system parameter is not set (days). */
export const DEFAULT_RETENTION_DAYS = 30;

/** A record in the bin: its values plus who deleted it (id and name) and when (ms). */
export type RecycleRow = ModelRow & { deletedAt: number | null; deletedBy: string | null; deletedByName: string | null };

/**
 * The retention in days: sys_config `recycleRetentionDays` (系统配置 → 数据保留; an integer 1–3650), else the older
 * sys_parameter row of that id (a positive number), else 30.
 */
export async function retentionDays(db: Db): Promise<number> {
  const { recycleRetentionDays } = await readSettingsGroup(db, 'retention');
  const configured = await db.selectFrom('sys_config').select('value').where('key', '=', 'recycleRetentionDays').executeTakeFirst();
  if (configured) return recycleRetentionDays;
  const row = await db.selectFrom('sys_parameter').select('value').where('id', '=', 'recycleRetentionDays').executeTakeFirst();
  const n = Number(row?.value);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_RETENTION_DAYS;
}

/** Deleted records inside `rowFilter` (the caller's row scope), newest deletion first, paged; `keyword` matches any text column (case-insensitive, contains). */
export async function listRecycle(db: Db, model: LoadedModel, q: { currentPage: number; pageSize: number; keyword: string }, rowFilter: RowFilter | null = null): Promise<{ list: RecycleRow[]; total: number }> {
  let base = raw(db).selectFrom(model.table).where(DELETED_AT_COLUMN, 'is not', null).where(inScope(model, rowFilter));
  const texts = model.columns.filter((c) => c.type === 'text').map((c) => c.name);
  if (q.keyword && texts.length) {
    const pattern = likePattern(q.keyword);
    base = base.where((eb) => eb.or(texts.map((c) => eb(sql.ref(c), 'ilike', pattern))));
  }
  const rows = await base
    .select([...selectColumns(model), DELETED_AT_COLUMN, DELETED_BY_COLUMN])
    .orderBy(DELETED_AT_COLUMN, 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const userIds = [...new Set(rows.map((r) => r[DELETED_BY_COLUMN]).filter((x): x is string => typeof x === 'string'))];
  const names = new Map(userIds.length ? (await db.selectFrom('users').select(['id', 'real_name']).where('id', 'in', userIds).execute()).map((u) => [u.id, u.real_name]) : []);
  const list: RecycleRow[] = rows.map((r) => {
    const by = (r[DELETED_BY_COLUMN] as string | null) ?? null;
    return { ...toRow(model, r), deletedAt: toMs(r[DELETED_AT_COLUMN] as Date | string | null), deletedBy: by, deletedByName: by ? (names.get(by) ?? null) : null };
  });
  await attachSubTables(db, model, list);
  return { list, total: Number(count?.n ?? 0) };
}

/**
 * Restores records from the bin (same id, values, sub-table rows and files; the version goes up; one 'restore' history
 * entry each); ids outside `rowFilter` are skipped like missing ones. Returns how many were in the bin. @throws LocalizedError 400 naming the field when a restored value of a
 * unique field is now used by a live record (nothing restored).
 */
export async function restoreRecords(db: Db, model: LoadedModel, ids: string[], actor: Actor, rowFilter: RowFilter | null = null): Promise<number> {
  let written: ModelRow[] = [];
  const n = await db.transaction().execute(async (trx) => {
    const rows = (await raw(trx).selectFrom(model.table).select(selectColumns(model)).where('id', 'in', ids).where(DELETED_AT_COLUMN, 'is not', null).where(inScope(model, rowFilter)).orderBy('id').forUpdate().execute()).map((r) => toRow(model, r));
    if (!rows.length) return 0;
    // The same advisory locks as a create or update of these values (unique-values.ts), so none slips in meanwhile.
    await lockUniqueValues(trx, model, uniqueColumns(model).flatMap((c) => rows.map((r) => ({ column: c.name, value: r[c.name] }))));
    for (const c of uniqueColumns(model)) {
      for (const r of rows) {
        const v = r[c.name];
        if (v === null || v === undefined || v === '') continue;
        const taken = await raw(trx).selectFrom(model.table).select('id').where(c.name, '=', v).where(DELETED_AT_COLUMN, 'is', null).where('id', '<>', r.id).executeTakeFirst();
        if (taken) throw recycleFail(400, 'restoreUnique', { label: c.label, value: String(v) }, { field: c.name, id: r.id });
      }
    }
    const restored = await raw(trx)
      .updateTable(model.table)
      .set((eb) => ({ [DELETED_AT_COLUMN]: null, [DELETED_BY_COLUMN]: null, [VERSION_COLUMN]: eb(eb.ref(VERSION_COLUMN), '+', 1) }))
      .where('id', 'in', rows.map((r) => r.id))
      .returning(['id', VERSION_COLUMN])
      .execute();
    const version = new Map(restored.map((r) => [String(r.id), Number(r[VERSION_COLUMN])]));
    written = rows;
    await attachSubTables(trx, model, rows);
    await logChanges(trx, model.record.id, 'restore', actor, rows.map((r) => ({ recordId: r.id, changes: diffRecords(model, null, r), version: version.get(r.id) })));
    return restored.length;
  });
  // The restored rows are live again: only the lists whose filter they match change (list-cache.ts).
  if (n) await invalidateRows(db, model, written);
  return n;
}

/**
 * Purges records deleted more than `days` ago: rows gone for good, their sub-table rows by cascade, and their stored
 * files (file_store rows and files on disk, files/store.ts deleteRecordFiles). Returns how many records.
 */
export async function purgeExpired(db: Db, model: LoadedModel, days: number): Promise<number> {
  const rows = await raw(db)
    .deleteFrom(model.table)
    .where(DELETED_AT_COLUMN, '<', sql<Date>`now() - make_interval(days => ${Math.floor(days)})`)
    .returning('id')
    .execute();
  if (!rows.length) return 0;
  invalidateModel(db, model.record.id);
  await deleteRecordFiles(db, model.record.id, rows.map((r) => String((r as { id: unknown }).id)));
  return rows.length;
}
