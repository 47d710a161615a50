import { type Kysely, sql } from 'kysely';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { likePattern } from '../visualdev/list-filter';
import type { BinnedTable } from './row-version';
import { rowVersionFail } from './row-version-messages';

/**
 * The recycle bin of built-in entities (issue 27 item 2; the models' bin is visualdev/recycle-repository.ts): a delete
 * marks the row (row-version.ts softDelete) and every list, detail, picker and sign-in skips it; unique checks still
 * see it until it is purged. The bin lists deleted rows (who deleted them, when), restores them with the same id and
 * values (memberships, grants and items that hang on the row were never removed), and purges them after the
 * retention the models' bin uses (recycle-repository.ts retentionDays).
 */

/** A parent a restored row needs alive: the column holding its id, the table, the values meaning "no parent". */
export interface BinParent {
  column: string;
  table: BinnedTable;
  roots: string[];
}

/** One built-in entity's bin: its table, route base, menu (access), wire fields and parents. */
export interface BinEntity {
  table: BinnedTable;
  /** The entity's API path, e.g. '/api/permission/Users'; the bin is `{base}/Recycle`. */
  base: string;
  /** The admin menu's enCode guarding the bin (with its btn_recycle button; administrators always). */
  menu: string;
  /** Wire name → column, listed with each binned row (besides id, version, deletedAt, deletedBy, deletedByName). */
  fields: Record<string, string>;
  /** Columns a keyword searches (case-insensitive contains). */
  keyword: string[];
  /** The column naming a row in messages. */
  name: string;
  parents: BinParent[];
}

/** The entities with a bin (spec: issue 27 item 2 "the same for built-in entities"). */
export const BIN_ENTITIES: readonly BinEntity[] = [
  { table: 'users', base: '/api/permission/Users', menu: 'user', fields: { account: 'account', realName: 'real_name', gender: 'gender', mobilePhone: 'mobile_phone', email: 'email', organizeId: 'organize_id' }, keyword: ['account', 'real_name', 'mobile_phone'], name: 'real_name', parents: [] },
  { table: 'dictionary_type', base: '/api/system/DictionaryType', menu: 'dictionary', fields: { fullName: 'full_name', enCode: 'en_code', parentId: 'parent_id' }, keyword: ['full_name', 'en_code'], name: 'full_name', parents: [{ column: 'parent_id', table: 'dictionary_type', roots: ['-1', '0'] }] },
  {
    table: 'dictionary_data',
    base: '/api/system/DictionaryData',
    menu: 'dictionary',
    fields: { fullName: 'full_name', enCode: 'en_code', dictionaryTypeId: 'dictionary_type_id', parentId: 'parent_id', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [
      { column: 'dictionary_type_id', table: 'dictionary_type', roots: [] },
      { column: 'parent_id', table: 'dictionary_data', roots: ['-1', '0'] },
    ],
  },
  { table: 'module', base: '/api/system/Menu', menu: 'menuManage', fields: { fullName: 'full_name', enCode: 'en_code', parentId: 'parent_id', type: 'type', category: 'category', urlAddress: 'url_address', sortCode: 'sort_code' }, keyword: ['full_name', 'en_code'], name: 'full_name', parents: [{ column: 'parent_id', table: 'module', roots: ['-1', '0'] }] },
];

type Loose = Kysely<Record<string, Record<string, unknown>>>;
const loose = (db: Db): Loose => db as unknown as Loose;

/** A binned row on the wire: id, version, the entity's fields, who deleted it (id, name) and when (ms). */
export type BinRow = Record<string, unknown> & { id: string; version: number; deletedAt: number | null; deletedBy: string | null; deletedByName: string | null };

/** A page of `e`'s bin, newest deletion first; `keyword` matches the entity's keyword columns. */
export async function listBin(db: Db, e: BinEntity, q: { currentPage: number; pageSize: number; keyword: string }): Promise<{ list: BinRow[]; total: number }> {
  let base = loose(db).selectFrom(e.table).where('f_deleted_at', 'is not', null);
  if (q.keyword) {
    const pattern = likePattern(q.keyword);
    base = base.where((eb) => eb.or(e.keyword.map((c) => eb(sql.ref(c), 'ilike', pattern))));
  }
  const rows = await base
    .select(['id', 'f_version', 'f_deleted_at', 'f_deleted_by', ...Object.values(e.fields)])
    .orderBy('f_deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const by = [...new Set(rows.map((r) => r.f_deleted_by).filter((x): x is string => typeof x === 'string'))];
  const names = new Map(by.length ? (await db.selectFrom('users').select(['id', 'real_name']).where('id', 'in', by).execute()).map((u) => [u.id, u.real_name]) : []);
  const list = rows.map((r) => {
    const who = typeof r.f_deleted_by === 'string' ? r.f_deleted_by : null;
    const out: BinRow = { id: String(r.id), version: Number(r.f_version), deletedAt: toMs(r.f_deleted_at as Date | string | null), deletedBy: who, deletedByName: who ? (names.get(who) ?? null) : null };
    for (const [wire, col] of Object.entries(e.fields)) out[wire] = r[col] ?? null;
    return out;
  });
  return { list, total: Number(count?.n ?? 0) };
}

/**
 * Restores rows of `e` from the bin (same id and values; version +1, updated_by the actor); ids not in the bin are
 * skipped. Returns how many were restored. @throws LocalizedError 400 restoreParent when a row's parent (or, for a
 * dictionary item, its type) is itself in the bin and not restored with it; nothing restored then.
 */
export async function restoreBin(db: Db, e: BinEntity, ids: string[], actor: string | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await loose(trx)
      .selectFrom(e.table)
      .select(['id', e.name, ...e.parents.map((p) => p.column)])
      .where('id', 'in', ids)
      .where('f_deleted_at', 'is not', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (!rows.length) return 0;
    const restoring = new Set(rows.map((r) => String(r.id)));
    for (const p of e.parents) {
      const wanted = [...new Set(rows.map((r) => String(r[p.column] ?? '')).filter((v) => v && !p.roots.includes(v) && !(p.table === e.table && restoring.has(v))))];
      if (!wanted.length) continue;
      const dead = new Set((await loose(trx).selectFrom(p.table).select('id').where('id', 'in', wanted).where('f_deleted_at', 'is not', null).execute()).map((r) => String(r.id)));
      const orphan = rows.find((r) => dead.has(String(r[p.column] ?? '')));
      if (orphan) throw rowVersionFail(400, 'restoreParent', { name: String(orphan[e.name] ?? orphan.id) }, { id: orphan.id });
    }
    const r = await loose(trx)
      .updateTable(e.table)
      .set({ f_deleted_at: null, f_deleted_by: null, f_version: sql`f_version + 1`, updated_at: new Date(), updated_by: actor })
      .where('id', 'in', [...restoring])
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  });
}

/**
 * Purges the built-in bins: rows deleted more than `days` ago are removed for good (with what cascades from them:
 * memberships, messages, menu items, dictionary items). A purged user's subordinates and organisations lose their
 * manager and its direct grants go; a purged menu's grants go. Returns how many rows per table.
 */
export async function purgeBuiltinBins(db: Db, days: number): Promise<Record<BinnedTable, number>> {
  const cutoff = sql<Date>`now() - make_interval(days => ${Math.floor(days)})`;
  const expired = (x: Db, t: BinnedTable) => loose(x).selectFrom(t).select('id').where('f_deleted_at', '<', cutoff);
  const out = { users: 0, dictionary_type: 0, dictionary_data: 0, module: 0 } as Record<BinnedTable, number>;
  await db.transaction().execute(async (trx) => {
    const users = (await expired(trx, 'users').execute()).map((r) => String(r.id));
    if (users.length) {
      await trx.updateTable('users').set({ manager_id: null }).where('manager_id', 'in', users).execute();
      await trx.updateTable('organize').set({ manager_id: null }).where('manager_id', 'in', users).execute();
      await trx.deleteFrom('authorize').where('object_type', '=', 'User').where('object_id', 'in', users).execute();
    }
    const menus = (await expired(trx, 'module').execute()).map((r) => String(r.id));
    if (menus.length) await trx.deleteFrom('authorize').where('item_type', '=', 'module').where('item_id', 'in', menus).execute();
    for (const t of ['dictionary_data', 'dictionary_type', 'module', 'users'] as const) {
      const r = await loose(trx).deleteFrom(t).where('f_deleted_at', '<', cutoff).executeTakeFirst();
      out[t] = Number(r.numDeletedRows);
    }
  });
  return out;
}
