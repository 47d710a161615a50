import { sql } from 'kysely';
import type { FieldError, MessageLang } from '../../../../src/engine/validate';
import { parseLang, translate } from '../../i18n';
import type { Db } from '../../db/types';
import { failWith, type MessageTable } from '../dictionary/localized-error';
import { columnExpr, holdsMs, storedTimes, writeOf } from './bound-times';
import { boundValue } from './model-bind';
import { DELETED_AT_COLUMN, type FieldColumn } from './model-layout';
import type { LoadedModel } from './model-store';
import { raw } from './onlinedev-repository';

/**
 * Unique values of model records (issue 27 item 2; JNPF 单行输入 `__config__.unique`, "不能重复"): a main-table field
 * whose config says `unique: true` refuses, on create, update and Excel import, a value that another record of the
 * model holds, live or in the recycle bin (a deleted record keeps its value until it is purged, so a restore never
 * collides). Values compare as stored (`=`: case and spaces count); empty values (null, '') are not checked.
 *
 * Concurrency: the check runs inside the write's transaction after a transaction-level advisory lock
 * (`pg_advisory_xact_lock(hashtextextended('<model id> <field> <JSON value>', 0))`) per checked value, taken in hash
 * order. A second writer of the same value waits at the lock until the first commits or rolls back, and its check (a
 * new READ COMMITTED snapshot) then sees the first one's row: two concurrent creates of one value never both succeed.
 * A hash collision of two different values only makes their writers wait for each other.
 */

type Key = 'uniqueTaken' | 'uniqueInBin' | 'uniqueRepeated';

/** Messages of unique values (own table, like recycle-messages.ts; tw derived from zh, mas falls back to en). */
const messages: MessageTable<Key> = {
  zh: {
    uniqueTaken: '{label}的值{value}已存在',
    uniqueInBin: '{label}的值{value}已被回收站中的数据使用（恢复或清除前不能重复使用）',
    uniqueRepeated: '{label}的值{value}与第{row}行重复',
  },
  en: {
    uniqueTaken: 'The {label} value {value} already exists',
    uniqueInBin: 'The {label} value {value} is held by a record in the recycle bin (until it is restored or purged)',
    uniqueRepeated: 'The {label} value {value} repeats row {row}',
  },
};

const uniqueFail = failWith(messages, 'visualdev-unique');

/** A message of this table in `lang` (per-row import errors travel in data, so they are rendered here). */
export function uniqueText(key: Key, vars: Record<string, string | number>, lang: string): string {
  return translate(parseLang(lang) ?? 'zh', 'visualdev-unique', key, vars);
}

/** The main-table fields whose value must be unique (`__config__.unique === true`; jsonb values are not compared). */
export function uniqueColumns(model: LoadedModel): FieldColumn[] {
  return model.columns.filter((c) => c.type !== 'jsonb' && (c.field.__config__ as { unique?: unknown }).unique === true);
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * Takes the advisory locks of `(model, field, value)` for the given values (deduplicated, in hash order so two
 * writers of overlapping sets cannot deadlock); held until the transaction ends. `trx` must be a transaction.
 */
export async function lockUniqueValues(trx: Db, model: LoadedModel, values: Array<{ column: string; value: unknown }>): Promise<void> {
  const keys = [...new Set(values.filter((v) => filled(v.value)).map((v) => `${model.record.id} ${v.column} ${JSON.stringify(v.value)}`))];
  if (!keys.length) return;
  await sql`select count(pg_advisory_xact_lock(h)) from (select hashtextextended(k, 0) as h from unnest(${keys}::text[]) as k order by 1) as s`.execute(trx);
}

/** A value already held: by which record, and whether that record is in the recycle bin. */
interface Holder {
  id: string;
  binned: boolean;
}

/**
 * The records (live or binned, except `exceptId` and `skip`) holding each of `values` in column `col`: value (JSON) → holder.
 * A bound time column (issue 13 item 3, bound-times.ts) is compared in its own type and read as ms; pass values as
 * {@link comparable} gives them.
 */
async function holders(trx: Db, model: LoadedModel, col: FieldColumn, values: unknown[], exceptId: string | null, skip: ReadonlySet<string> = new Set()): Promise<Map<string, Holder>> {
  const out = new Map<string, Holder>();
  const distinct = [...new Map(values.filter(filled).map((v) => [JSON.stringify(v), v])).values()];
  const column = col.name;
  for (let i = 0; i < distinct.length; i += 1000) {
    const slice = distinct.slice(i, i + 1000);
    let q = raw(trx)
      .selectFrom(model.table)
      .select(['id', columnExpr(col, column).as('__v'), DELETED_AT_COLUMN])
      .where(column, 'in', col.stored ? slice.map((v) => writeOf(col, v)) : slice);
    if (exceptId) q = q.where('id', '<>', exceptId);
    for (const r of await q.execute()) {
      if (skip.has(String(r.id))) continue;
      const key = JSON.stringify(boundValue(col, r.__v));
      const held = out.get(key);
      // A live holder wins over a binned one (the message names the live record's case).
      if (!held || (held.binned && r[DELETED_AT_COLUMN] === null)) out.set(key, { id: String(r.id), binned: r[DELETED_AT_COLUMN] !== null });
    }
  }
  return out;
}

/**
 * How values of column `col` compare: as they are, or for a bound time column as the ms they store (bound-times.ts
 * storedTimes: two moments of one day are one value of a `date` column), or for a bound `time` column as HH:mm:ss.
 */
async function comparable(trx: Db, col: FieldColumn, values: unknown[]): Promise<(v: unknown) => unknown> {
  if (!col.stored) return (v) => v;
  // A `time` column reads back as HH:mm:ss: an HH:mm value is that time at :00.
  if (!holdsMs(col)) return (v) => (typeof v === 'string' && /^\d\d:\d\d$/.test(v) ? `${v}:00` : v);
  const times = await storedTimes(trx, col, values);
  return (v) => (typeof v === 'number' ? (times.get(v) ?? v) : v);
}

/**
 * Refuses a create (`exceptId` null) or an update of record `exceptId` whose unique values are held by another record
 * (see the module comment). `only`: the fields to check (an update passes the fields it changes, so a stored
 * duplicate written before the field became unique does not block other edits). Locks the values first; call it in
 * the write's transaction before the INSERT/UPDATE.
 * @throws LocalizedError 400 `uniqueTaken` / `uniqueInBin` naming the field, data `{ field, errors: [{ field, label, message }] }`.
 */
export async function assertUnique(trx: Db, model: LoadedModel, record: Record<string, unknown>, lang: MessageLang, exceptId: string | null = null, only?: Set<string>): Promise<void> {
  const cols = uniqueColumns(model).filter((c) => filled(record[c.name]) && (!only || only.has(c.name)));
  if (!cols.length) return;
  const values = new Map<string, unknown>();
  for (const c of cols) values.set(c.name, (await comparable(trx, c, [record[c.name]]))(record[c.name]));
  await lockUniqueValues(trx, model, cols.map((c) => ({ column: c.name, value: values.get(c.name) })));
  for (const c of cols) {
    const held = (await holders(trx, model, c, [values.get(c.name)], exceptId)).get(JSON.stringify(values.get(c.name)));
    if (!held) continue;
    const key = held.binned ? 'uniqueInBin' : 'uniqueTaken';
    const vars = { label: c.label, value: String(record[c.name]) };
    const error: FieldError = { field: c.name, label: c.label, message: uniqueText(key, vars, lang) };
    throw uniqueFail(400, key, vars, { field: c.name, errors: [error] });
  }
}

/**
 * The unique-value errors of an import's new records (`rows[i]` = the sheet row of `records[i]`): a value held by a
 * stored record (live or binned), or repeating an earlier row of the file; `replaced` (the records a replacing import
 * just binned, excel-replace.ts) hold nothing against it. Locks every checked value first; call it in the import's
 * transaction before the INSERT. Errors as `{ row, field, label, message }`.
 */
export async function importUniqueErrors(trx: Db, model: LoadedModel, records: Array<Record<string, unknown>>, rows: number[], lang: MessageLang, replaced: ReadonlySet<string> = new Set()): Promise<Array<FieldError & { row: number }>> {
  const cols = uniqueColumns(model);
  const errors: Array<FieldError & { row: number }> = [];
  if (!cols.length) return errors;
  const as = new Map<string, (v: unknown) => unknown>();
  for (const c of cols) as.set(c.name, await comparable(trx, c, records.map((r) => r[c.name])));
  await lockUniqueValues(trx, model, cols.flatMap((c) => records.map((r) => ({ column: c.name, value: as.get(c.name)!(r[c.name]) }))));
  for (const c of cols) {
    const of = as.get(c.name)!;
    const held = await holders(trx, model, c, records.map((r) => of(r[c.name])), null, replaced);
    const first = new Map<string, number>();
    for (const [i, r] of records.entries()) {
      if (!filled(r[c.name])) continue;
      const key = JSON.stringify(of(r[c.name]));
      const vars = { label: c.label, value: String(r[c.name]) };
      const h = held.get(key);
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, rows[i]);
      const message = h ? uniqueText(h.binned ? 'uniqueInBin' : 'uniqueTaken', vars, lang) : earlier !== undefined ? uniqueText('uniqueRepeated', { ...vars, row: earlier }, lang) : null;
      if (message) errors.push({ row: rows[i], field: c.name, label: c.label, message });
    }
  }
  return errors;
}
