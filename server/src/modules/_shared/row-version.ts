import dayjs from 'dayjs';
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import type { Db } from '../../db/types';
import { versionFail } from '../visualdev/record-version-messages';
import { rowVersionFail } from './row-version-messages';
import type { RuntimeBinnedTable } from './runtime-bins';
import type { ConfigBinnedTable } from './config-bins';

export { versionOf } from '../visualdev/record-version';

/**
 * Versions and soft delete of built-in entity rows (issue 27 items 1-2; migrations 0647, 0648, 0663): users,
 * dictionary types and items, menus, organisations, roles and positions; a menu's items (0664) have versions only. Like a model record (visualdev/record-version.ts, same column names), each row carries `f_version`
 * (1 on create, +1 in every accepted write's own UPDATE: `… WHERE id = ? AND f_version = ?`), and a delete only marks
 * it (`f_deleted_at`, `f_deleted_by`; builtin-recycle.ts lists, restores and purges). A write that carries a version
 * older than the row's is refused (409, nothing written) naming who last changed the row and when (updated_by /
 * updated_at; built-in entities keep no field history, so there is no merge); a write without a version keeps the
 * behaviour from before versions (last write wins). Deleted rows answer 404 to detail, update and delete.
 */

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

declare module '../../db/types' {
  /** Migration 0647's columns (row-version.ts). */
  interface UsersTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: Nullable<string>;
    updated_by: Nullable<string>;
  }
  /** Migration 0647's columns (row-version.ts). */
  interface DictionaryTypeTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: Nullable<string>;
    updated_by: Nullable<string>;
    updated_at: Stamp;
  }
  /** Migration 0647's columns (row-version.ts). */
  interface DictionaryDataTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: Nullable<string>;
    updated_by: Nullable<string>;
    updated_at: Stamp;
  }
  /** Migration 0648's and 0663's columns (row-version.ts). */
  interface OrganizeTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: Nullable<string>;
    updated_by: Nullable<string>;
    updated_at: Stamp;
  }
  /** Migration 0648's and 0663's columns (row-version.ts). */
  interface RoleTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: Nullable<string>;
    updated_by: Nullable<string>;
    updated_at: Stamp;
  }
  /** Migration 0648's and 0663's columns (row-version.ts). */
  interface PositionTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: Nullable<string>;
    updated_by: Nullable<string>;
    updated_at: Stamp;
  }
  /** Migration 0647's columns (row-version.ts). */
  interface ModuleTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: Nullable<string>;
    updated_by: Nullable<string>;
    updated_at: Stamp;
  }
}

/** The built-in tables with a recycle bin (migrations 0647 VERSIONED_TABLES, 0663 ORG_BIN_TABLES): a delete marks the row. */
export type BinnedTable = 'users' | 'dictionary_type' | 'dictionary_data' | 'module' | 'organize' | 'role' | 'position' | RuntimeBinnedTable | ConfigBinnedTable;
/** A menu's item tables (migration 0664 versions, 0679 a recycle bin: runtime-bins.ts). */
export type MenuItemTable = 'module_button' | 'module_column' | 'module_form' | 'module_data_authorize' | 'module_data_authorize_scheme';
/** The built-in tables with versions: every binned one (a menu's items are among them since migration 0679). */
export type VersionedTable = BinnedTable;

type Loose = Kysely<Record<string, Record<string, unknown>>>;
const loose = (db: Db): Loose => db as unknown as Loose;

/** What a versioned write needs: the version the caller read (undefined: no check), who writes, the entity's 404. */
export interface RowWrite {
  version?: number;
  actor: string | null;
  notFound: () => Error;
}

/** The row's state as a refused write sees it, or null when it is missing or in the bin. */
async function currentOf(db: Db, table: VersionedTable, id: string) {
  const row = await loose(db)
    .selectFrom(table)
    .select(['f_version', 'updated_by', 'updated_at', 'f_deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.f_deleted_at) return null;
  const by = typeof row.updated_by === 'string' ? row.updated_by : null;
  const name = by ? ((await db.selectFrom('users').select('real_name').where('id', '=', by).executeTakeFirst())?.real_name ?? null) : null;
  return { version: Number(row.f_version), user: name, time: row.updated_at ? dayjs(row.updated_at as Date | string).format('YYYY-MM-DD HH:mm:ss') : null };
}

/** The error of a write that matched no row: 404 (missing or deleted), 400 versionAhead, or 409 stale (who/when). */
async function refusal(db: Db, table: VersionedTable, id: string, w: RowWrite, kind: 'update' | 'delete'): Promise<Error> {
  const cur = await currentOf(db, table, id);
  if (!cur || w.version === undefined) return w.notFound();
  if (w.version > cur.version) return versionFail(400, 'versionAhead', { version: w.version });
  const data = { version: cur.version };
  if (cur.user && cur.time) return kind === 'update' ? rowVersionFail(409, 'staleUpdate', { user: cur.user, time: cur.time }, data) : versionFail(409, 'deleteConflict', { user: cur.user, time: cur.time }, data);
  return rowVersionFail(409, kind === 'update' ? 'staleUpdateAnon' : 'staleDeleteAnon', {}, data);
}

/** `set` plus the version step and the modifier columns of an accepted write. */
function stamped(set: Record<string, unknown>, actor: string | null): Record<string, unknown> {
  return { ...set, f_version: sql`f_version + 1`, updated_at: new Date(), updated_by: actor };
}

/**
 * Updates live row `id` of `table` with `set` in one statement that also steps the version and records the modifier
 * (`UPDATE … SET …, f_version = f_version + 1 WHERE id = ? AND f_deleted_at IS NULL [AND f_version = ?]`). Returns the
 * new version. @throws w.notFound() (missing or deleted), ApiError 400 versionAhead, LocalizedError 409 stale
 * (`data: { version }`, the current one); nothing written then.
 */
export async function versionedUpdate(db: Db, table: VersionedTable, id: string, set: Record<string, unknown>, w: RowWrite): Promise<number> {
  let q = loose(db).updateTable(table).set(stamped(set, w.actor)).where('id', '=', id).where('f_deleted_at', 'is', null);
  if (w.version !== undefined) q = q.where('f_version', '=', w.version);
  const row = await q.returning('f_version').executeTakeFirst();
  if (row) return Number(row.f_version);
  throw await refusal(db, table, id, w, 'update');
}

/**
 * Moves live row `id` of `table` to the recycle bin (f_deleted_at now, f_deleted_by the actor, version +1), checked
 * like versionedUpdate; the row keeps everything else (restored as it was). @throws as versionedUpdate (409 says
 * "not deleted").
 */
export async function softDelete(db: Db, table: BinnedTable, id: string, w: RowWrite): Promise<void> {
  let q = loose(db)
    .updateTable(table)
    .set({ f_deleted_at: new Date(), f_deleted_by: w.actor, f_version: sql`f_version + 1` })
    .where('id', '=', id)
    .where('f_deleted_at', 'is', null);
  if (w.version !== undefined) q = q.where('f_version', '=', w.version);
  const r = await q.executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw await refusal(db, table, id, w, 'delete');
}
