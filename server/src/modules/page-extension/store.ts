import type { ColumnItem } from '../../../../schemas/columns';
import type { FieldConfig } from '../../../../schemas/field';
import { type CompiledForm, compileForm } from '../../../../src/engine/compile';
import { type MessageLang, validateRecord } from '../../../../src/engine/validate';
import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { serverRegistry } from '../visualdev/server-registry';
import type { PageExtension } from './check';
import { fail } from './messages';
import './tables';

/** A stored extension with its compiled form (for value checks) and who changed it last (for the stale answer). */
export interface LoadedExtension extends PageExtension {
  compiled: CompiledForm;
  modifiedBy: string | null;
  modifiedAt: Date;
}

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** Parsed and compiled extensions by their stored text (the bound routes read the extension on every call). */
const parsed = new Map<string, LoadedExtension>();

/** The parsed-extension cache (stored text → compiled extension); the 缓存管理 page counts and clears it. */
export const parsedExtensions: { readonly size: number; clear(): void } = parsed;

/**
 * The extension of page `code`, or null when none was ever stored (then the page is as shipped; a stored one may hold
 * no field after an administrator removed them all). One primary-key read; parsing and compiling only for stored
 * text not seen before (the key holds the whole row, so two databases in one process never share an entry).
 */
export async function loadExtension(db: Db, code: string): Promise<LoadedExtension | null> {
  const row = await db.selectFrom('page_extension').selectAll().where('page_code', '=', code).executeTakeFirst();
  if (!row) return null;
  const key = JSON.stringify([code, row.version, row.last_modify_user_id, new Date(row.last_modify_time).getTime(), row.form_fields, row.column_list]);
  const seen = parsed.get(key);
  if (seen) return seen;
  const fields = parse<FieldConfig[]>(row.form_fields, []);
  const ext: LoadedExtension = {
    fields,
    columns: parse<ColumnItem[]>(row.column_list, []),
    version: row.version,
    compiled: compileForm({ fields } as never, serverRegistry),
    modifiedBy: row.last_modify_user_id,
    modifiedAt: new Date(row.last_modify_time),
  };
  if (parsed.size >= 200) parsed.clear();
  parsed.set(key, ext);
  return ext;
}

/**
 * Stores the (checked) additions of page `code` when `version` is the stored one (0 = none stored yet), in one
 * transaction with the row locked. Returns the new version. @throws LocalizedError 409 `stale` naming who changed it.
 */
export async function saveExtension(db: Db, code: string, ext: PageExtension, userId: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('page_extension').select(['version', 'last_modify_user_id', 'last_modify_time']).where('page_code', '=', code).forUpdate().executeTakeFirst();
    const current = row?.version ?? 0;
    if (ext.version !== current) {
      const who = row?.last_modify_user_id ? await tx.selectFrom('users').select('real_name').where('id', '=', row.last_modify_user_id).executeTakeFirst() : undefined;
      throw fail(409, 'stale', { user: who?.real_name ?? '', time: row ? new Date(row.last_modify_time).toISOString().slice(0, 16).replace('T', ' ') : '' }, { version: current });
    }
    const values = { form_fields: JSON.stringify(ext.fields), column_list: JSON.stringify(ext.columns), version: current + 1, last_modify_user_id: userId, last_modify_time: new Date() };
    if (row) await tx.updateTable('page_extension').set(values).where('page_code', '=', code).execute();
    else await tx.insertInto('page_extension').values({ page_code: code, ...values }).execute();
    return current + 1;
  });
}

/** The added fields' values of records `ids` of page `code`: id → `{ vModel: value }` (records without any are absent). */
export async function valuesOf(db: Db, code: string, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('page_extension_value').select(['record_id', 'data']).where('page_code', '=', code).where('record_id', 'in', ids).execute();
  for (const r of rows) out.set(r.record_id, parse<Record<string, unknown>>(r.data, {}));
  return out;
}

/**
 * Checks `values` (the added fields' part of a record sent to the page's create or update call) against the added
 * fields (spec 001 §5 rules, the same schema as a model's), keeping only the added fields' keys.
 * @throws ApiError 400 with the first field's message and `data.errors`.
 */
export function checkValues(ext: LoadedExtension, values: Record<string, unknown>, lang: MessageLang): Record<string, unknown> {
  const errors = validateRecord(ext.compiled, values, lang);
  if (errors.length) throw new ApiError(400, errors[0].message, { errors });
  const kept: Record<string, unknown> = {};
  for (const f of ext.fields) if (f.__vModel__ && f.__vModel__ in values) kept[f.__vModel__] = values[f.__vModel__];
  return kept;
}

/** Stores the added fields' values of record `id` (merged over what it had: an update may send some of them). */
export async function saveValues(db: Db, code: string, id: string, values: Record<string, unknown>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('page_extension_value').select('data').where('page_code', '=', code).where('record_id', '=', id).forUpdate().executeTakeFirst();
    const data = JSON.stringify({ ...(row ? parse<Record<string, unknown>>(row.data, {}) : {}), ...values });
    if (row) await tx.updateTable('page_extension_value').set({ data }).where('page_code', '=', code).where('record_id', '=', id).execute();
    else await tx.insertInto('page_extension_value').values({ page_code: code, record_id: id, data }).execute();
  });
}

/** Writes the added fields' values of a NEW record `id` (inside the caller's transaction, e.g. an Excel import's). */
export async function insertValues(db: Db, code: string, id: string, values: Record<string, unknown>): Promise<void> {
  if (Object.keys(values).length) await db.insertInto('page_extension_value').values({ page_code: code, record_id: id, data: JSON.stringify(values) }).execute();
}

/** Forgets the added fields' values of records `ids` of page `code` (the record was deleted). */
export async function removeValues(db: Db, code: string, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('page_extension_value').where('page_code', '=', code).where('record_id', 'in', ids).execute();
}
