import { type Kysely, sql } from 'kysely';
import { CODE } from './bin-labels';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { likePattern } from '../visualdev/list-filter';
import type { BinnedTable } from './row-version';
import type { MessageVar } from '../dictionary/localized-error';
import { recycleFail } from '../visualdev/recycle-messages';
import { rowVersionFail } from './row-version-messages';
import { purgeRuntimeBins, RUNTIME_BIN_ENTITIES } from './runtime-bins';
import { CONFIG_BIN_ENTITIES, purgeConfigBins } from './config-bins';
import { deleteModelFiles } from '../files/store';

/**
 * The recycle bin of built-in entities (issue 27 item 2; the models' bin is visualdev/recycle-repository.ts): a delete
 * marks the row (row-version.ts softDelete) and every list, detail, picker and sign-in skips it; unique checks still
 * see it until it is purged. The bin lists deleted rows (who deleted them, when), restores them with the same id and
 * values (memberships, grants and items that hang on the row were never removed), and purges them after the
 * retention the models' bin uses (recycle-repository.ts retentionDays).
 *
 * Organisations, roles and positions (migration 0663) can only be deleted without live members, grants, children or
 * positions, so what hangs on them is their role bindings (kept, restored with them) and binned users' links (dropped
 * at the delete, organization/common.ts dropBinnedMembers). Every read that lists, picks or checks them skips binned
 * rows (`f_deleted_at is null`; tests/server/builtin-org-bins.test.ts walks every GET route); reads that only name a
 * stored id (a record's department, a history line) still resolve the name, as for binned users; data-scope
 * variables (permissions/variables.ts) keep a binned department in its parent's subtree, so its records are not
 * hidden by the delete.
 */

/** A parent a restored row needs alive: the column holding its id, the table, the values meaning "no parent". */
export interface BinParent {
  column: string;
  table: BinnedTable;
  roots: string[];
}

/** A value unique among a table's rows (in `scope`'s columns' same values): a restore whose value a live row took is refused. */
export interface BinUnique {
  column: string;
  /** Columns the value is unique within (a dictionary item's code within its type). */
  scope?: string[];
  /** The wire name the refusal names (`data.field`). */
  field: string;
  label: MessageVar;
}


/** One built-in entity's bin: its table, route base, menu (access), wire fields, parents and unique values. */
export interface BinEntity {
  table: BinnedTable;
  /** The entity's API path, e.g. '/api/permission/Users'; the bin is `{base}/Recycle`. */
  base: string;
  /** The admin menu's enCode guarding the bin (with its btn_recycle button; administrators always). */
  menu: string;
  /** Wire name → column, listed with each binned row (besides id, version, deletedAt, deletedBy, deletedByName). */
  fields: Record<string, string>;
  /** Wire name → the name a column's id refers to (`table`.`name` of the row whose id it holds; null when gone), listed too. */
  names?: Record<string, { column: string; table: 'users' | 'organize'; name: 'real_name' | 'full_name' }>;
  /** Columns a keyword searches (case-insensitive contains). */
  keyword: string[];
  /** The column naming a row in messages. */
  name: string;
  parents: BinParent[];
  unique: BinUnique[];
  /** Rows of another bin deleted with this one (same f_deleted_at; a dictionary type's items): restored with it. */
  with?: { table: BinnedTable; column: string };
  /** Runs in the restore's transaction after rows `ids` left the bin (a scheduled job's next run from now). */
  restored?: (db: Db, ids: string[]) => Promise<void>;
  /**
   * A bin per owner besides the whole one: `{base}/{param}/Recycle…` lists and restores only the rows whose `column`
   * is that path value (a menu's items: `/api/system/ModuleButton/{moduleId}/Recycle`).
   */
  scope?: { param: string; column: string };
}

/** Rows of one owner only (BinEntity.scope): `column` = `value`. */
export interface BinScope {
  column: string;
  value: string;
}

/** The entities with a bin (spec: issue 27 item 2 "the same for built-in entities"). */
export const BIN_ENTITIES: readonly BinEntity[] = [
  { table: 'users', base: '/api/permission/Users', menu: 'user', fields: { account: 'account', realName: 'real_name', gender: 'gender', mobilePhone: 'mobile_phone', email: 'email', organizeId: 'organize_id' }, keyword: ['account', 'real_name', 'mobile_phone'], name: 'real_name', parents: [], unique: [{ column: 'account', field: 'account', label: { zh: '账户', en: 'account', mas: 'akaun' } }] },
  { table: 'dictionary_type', base: '/api/system/DictionaryType', menu: 'dictionary', fields: { fullName: 'full_name', enCode: 'en_code', parentId: 'parent_id' }, keyword: ['full_name', 'en_code'], name: 'full_name', parents: [{ column: 'parent_id', table: 'dictionary_type', roots: ['-1', '0'] }], unique: [{ column: 'en_code', field: 'enCode', label: CODE }], with: { table: 'dictionary_data', column: 'dictionary_type_id' } },
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
    unique: [{ column: 'en_code', scope: ['dictionary_type_id'], field: 'enCode', label: CODE }],
  },
  { table: 'module', base: '/api/system/Menu', menu: 'menuManage', fields: { fullName: 'full_name', enCode: 'en_code', parentId: 'parent_id', type: 'type', category: 'category', urlAddress: 'url_address', sortCode: 'sort_code' }, keyword: ['full_name', 'en_code'], name: 'full_name', parents: [{ column: 'parent_id', table: 'module', roots: ['-1', '0'] }], unique: [{ column: 'en_code', scope: ['category'], field: 'enCode', label: CODE }] },
  {
    table: 'organize',
    base: '/api/permission/Organize',
    menu: 'organize',
    fields: { fullName: 'full_name', enCode: 'en_code', category: 'category', parentId: 'parent_id', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [{ column: 'parent_id', table: 'organize', roots: ['-1', '0'] }],
    unique: [{ column: 'en_code', field: 'enCode', label: CODE }],
  },
  { table: 'role', base: '/api/permission/Role', menu: 'role', fields: { fullName: 'full_name', enCode: 'en_code', type: 'type', globalMark: 'global_mark', sortCode: 'sort_code', description: 'description' }, keyword: ['full_name', 'en_code'], name: 'full_name', parents: [], unique: [{ column: 'en_code', field: 'enCode', label: CODE }] },
  {
    table: 'position',
    base: '/api/permission/Position',
    menu: 'position',
    fields: { fullName: 'full_name', enCode: 'en_code', organizeId: 'organize_id', type: 'type', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [{ column: 'organize_id', table: 'organize', roots: [] }],
    unique: [{ column: 'en_code', field: 'enCode', label: CODE }],
  },
  ...RUNTIME_BIN_ENTITIES,
  ...CONFIG_BIN_ENTITIES,
];

type Loose = Kysely<Record<string, Record<string, unknown>>>;
const loose = (db: Db): Loose => db as unknown as Loose;

/** A binned row on the wire: id, version, the entity's fields, who deleted it (id, name) and when (ms). */
export type BinRow = Record<string, unknown> & { id: string; version: number; deletedAt: number | null; deletedBy: string | null; deletedByName: string | null };

/** A page of `e`'s bin, newest deletion first; `keyword` matches the entity's keyword columns. */
export async function listBin(db: Db, e: BinEntity, q: { currentPage: number; pageSize: number; keyword: string }, scope?: BinScope): Promise<{ list: BinRow[]; total: number }> {
  let base = loose(db).selectFrom(e.table).where('f_deleted_at', 'is not', null);
  if (scope) base = base.where(scope.column, '=', scope.value);
  if (q.keyword) {
    const pattern = likePattern(q.keyword);
    base = base.where((eb) => eb.or(e.keyword.map((c) => eb(sql.ref(c), 'ilike', pattern))));
  }
  const rows = await base
    .select(['id', 'f_version', 'f_deleted_at', 'f_deleted_by', ...Object.values(e.fields), ...Object.values(e.names ?? {}).map((n) => n.column)])
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
  for (const [wire, ref] of Object.entries(e.names ?? {})) {
    const ids = [...new Set(rows.map((r) => r[ref.column]).filter((x): x is string => typeof x === 'string'))];
    const named = new Map(ids.length ? (await loose(db).selectFrom(ref.table).select(['id', ref.name]).where('id', 'in', ids).execute()).map((x) => [x.id, x[ref.name]]) : []);
    rows.forEach((r, i) => {
      list[i][wire] = named.get(r[ref.column]) ?? null;
    });
  }
  return { list, total: Number(count?.n ?? 0) };
}

/**
 * Restores rows of `e` from the bin (same id and values; version +1, updated_by the actor), with the rows of `e.with`
 * deleted together with them; ids not in the bin (or, with `scope`, not of that owner) are skipped. Returns how many were restored. @throws LocalizedError 400 restoreParent when a row's parent (or, for a
 * dictionary item, its type) is itself in the bin and not restored with it; nothing restored then.
 */
export async function restoreBin(db: Db, e: BinEntity, ids: string[], actor: string | null, scope?: BinScope): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let q = loose(trx)
      .selectFrom(e.table)
      .select(['id', e.name, ...e.parents.map((p) => p.column)])
      .where('id', 'in', ids)
      .where('f_deleted_at', 'is not', null);
    if (scope) q = q.where(scope.column, '=', scope.value);
    const rows = await q.orderBy('id').forUpdate().execute();
    if (!rows.length) return 0;
    const restoring = new Set(rows.map((r) => String(r.id)));
    for (const p of e.parents) {
      const wanted = [...new Set(rows.map((r) => String(r[p.column] ?? '')).filter((v) => v && !p.roots.includes(v) && !(p.table === e.table && restoring.has(v))))];
      if (!wanted.length) continue;
      // A parent in the bin, or purged meanwhile, leaves the row nowhere to go back to.
      const live = new Set((await loose(trx).selectFrom(p.table).select('id').where('id', 'in', wanted).where('f_deleted_at', 'is', null).execute()).map((r) => String(r.id)));
      const orphan = rows.find((r) => wanted.includes(String(r[p.column] ?? '')) && !live.has(String(r[p.column])));
      if (orphan) throw rowVersionFail(400, 'restoreParent', { name: String(orphan[e.name] ?? orphan.id) }, { id: orphan.id });
    }
    await assertUniqueFree(trx, e, [...restoring]);
    if (e.with) {
      // Before the rows leave the bin: their companions are those binned at the very same time.
      const w = e.with;
      await loose(trx)
        .updateTable(w.table)
        .set({ f_deleted_at: null, f_deleted_by: null, f_version: sql`f_version + 1`, updated_at: new Date(), updated_by: actor })
        .where(w.column, 'in', [...restoring])
        .where(sql<boolean>`f_deleted_at = (select p.f_deleted_at from ${sql.table(e.table)} p where p.id = ${sql.ref(`${w.table}.${w.column}`)})`)
        .execute();
    }
    const r = await loose(trx)
      .updateTable(e.table)
      .set({ f_deleted_at: null, f_deleted_by: null, f_version: sql`f_version + 1`, updated_at: new Date(), updated_by: actor })
      .where('id', 'in', [...restoring])
      .executeTakeFirst();
    if (e.restored) await e.restored(trx, [...restoring]);
    return Number(r.numUpdatedRows);
  });
}

/**
 * Refuses (400 restoreUnique naming the field's label and value; `data: { field, id }`) when a live row other than
 * `ids` holds a unique value of one of `ids` (within the same scope). Creates count binned rows as taken, so this
 * only meets values written around that check (imports, SQL); two restored rows clashing with each other pass.
 */
async function assertUniqueFree(db: Db, e: BinEntity, ids: string[]): Promise<void> {
  for (const u of e.unique) {
    const cols = [u.column, ...(u.scope ?? [])];
    const clash = await loose(db)
      .selectFrom(`${e.table} as b`)
      .innerJoin(`${e.table} as l`, (j) => cols.reduce((acc, c) => acc.onRef(`l.${c}`, '=', `b.${c}`), j.on('l.f_deleted_at', 'is', null)))
      .select(['b.id', `b.${u.column} as value`])
      .where('b.id', 'in', ids)
      .where('l.id', 'not in', ids)
      .executeTakeFirst();
    if (clash) throw recycleFail(400, 'restoreUnique', { label: u.label, value: String(clash.value) }, { field: u.field, id: clash.id });
  }
}

/**
 * Purges the built-in bins: rows deleted more than `days` ago are removed for good (with what cascades from them:
 * memberships, messages, menu items, dictionary items). A purged user's subordinates and organisations lose their
 * manager and its direct grants go; a purged menu's grants go; what hangs on a purged role, position or organisation
 * goes with it (dropOrgLinks). Once that has committed, the stored files of models purged with their tables go
 * (rows and files on disk; config-bins.ts purgeConfigBins). `db`: the app's database, not a transaction. Returns how
 * many rows per table.
 */
export async function purgeBuiltinBins(db: Db, days: number): Promise<Record<BinnedTable, number>> {
  const cutoff = sql<Date>`now() - make_interval(days => ${Math.floor(days)})`;
  const expired = (x: Db, t: BinnedTable) => loose(x).selectFrom(t).select('id').where('f_deleted_at', '<', cutoff);
  const out = { users: 0, dictionary_type: 0, dictionary_data: 0, module: 0, organize: 0, role: 0, position: 0 } as Record<BinnedTable, number>;
  let modelsWithRecords: string[] = [];
  await db.transaction().execute(async (trx) => {
    const users = (await expired(trx, 'users').execute()).map((r) => String(r.id));
    if (users.length) {
      await trx.updateTable('users').set({ manager_id: null }).where('manager_id', 'in', users).execute();
      await trx.updateTable('organize').set({ manager_id: null }).where('manager_id', 'in', users).execute();
      await trx.deleteFrom('authorize').where('object_type', '=', 'User').where('object_id', 'in', users).execute();
    }
    const menus = (await expired(trx, 'module').execute()).map((r) => String(r.id));
    if (menus.length) await trx.deleteFrom('authorize').where('item_type', '=', 'module').where('item_id', 'in', menus).execute();
    const ofOrgs = await dropOrgLinks(trx, (await expired(trx, 'role').execute()).map((r) => String(r.id)), (await expired(trx, 'position').execute()).map((r) => String(r.id)), (await expired(trx, 'organize').execute()).map((r) => String(r.id)));
    for (const t of ['dictionary_data', 'dictionary_type', 'module', 'users', 'role', 'position', 'organize'] as const) {
      const r = await loose(trx).deleteFrom(t).where('f_deleted_at', '<', cutoff).executeTakeFirst();
      out[t] = Number(r.numDeletedRows) + (t === 'position' ? ofOrgs : 0);
    }
    Object.assign(out, await purgeRuntimeBins(trx, cutoff));
    const config = await purgeConfigBins(trx, cutoff);
    Object.assign(out, config.counts);
    modelsWithRecords = config.modelsWithRecords;
  });
  // Once committed: the stored files of the records that went with purged models' dropped tables.
  await deleteModelFiles(db, modelsWithRecords);
  return out;
}

/**
 * Before purged roles, positions and organisations are removed: their memberships, grants and role bindings go, users
 * (binned ones: a live user never points at a binned object) lose them as main position/organisation, and binned
 * positions of a purged organisation are purged with it (a position needs its organisation). Returns how many
 * such positions went.
 */
async function dropOrgLinks(db: Db, roles: string[], expiredPositions: string[], orgs: string[]): Promise<number> {
  const under = orgs.length ? (await db.selectFrom('position').select('id').where('organize_id', 'in', orgs).where('f_deleted_at', 'is not', null).execute()).map((r) => r.id) : [];
  const positions = [...new Set([...expiredPositions, ...under])];
  for (const [type, ids] of [['Role', roles], ['Position', positions], ['Organize', orgs]] as const) {
    if (!ids.length) continue;
    await db.deleteFrom('user_relation').where('object_type', '=', type).where('object_id', 'in', ids).execute();
    if (type !== 'Organize') await db.deleteFrom('authorize').where('object_type', '=', type).where('object_id', 'in', ids).execute();
  }
  // A role's organisation bindings (a purged organisation's go by its foreign key).
  if (roles.length) await db.deleteFrom('organize_relation').where('object_type', '=', 'Role').where('object_id', 'in', roles).execute();
  if (positions.length) await db.updateTable('users').set({ position_id: null }).where('position_id', 'in', positions).execute();
  if (!orgs.length) return 0;
  await db.updateTable('users').set({ organize_id: null }).where('organize_id', 'in', orgs).execute();
  const gone = await db.deleteFrom('position').where('organize_id', 'in', orgs).where('f_deleted_at', 'is not', null).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
