import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';
import { authorizeModel } from '../../permissions/access';
import type { SessionInfo } from '../../plugins/permissions';
import { inScope } from '../visualdev/field-access';
import { DELETED_AT_COLUMN } from '../visualdev/model-layout';
import { loadModel } from '../visualdev/model-store';
import { raw } from '../visualdev/onlinedev-repository';
import type { PreparedSql } from './sql-guard';

/**
 * Row scope of data-source SQL (issue 12 item 4 "data interfaces that read model tables"; issue 27 item 2): every
 * model table a statement reads is replaced, where its name stands, by a subquery of the rows the caller may read —
 * never a deleted (recycle-bin) row; for a signed-in caller who is not an administrator, only the rows of the model's
 * row filter (its granted data schemes, as list and detail apply them), and none at all without the model's menu
 * grant. A sub-table's rows follow their record (parent_id in the scoped main rows). The dictionary tables
 * (dictionary_type, dictionary_data; every data source may read them) stand for their live rows only: a type or item
 * in the built-in recycle bin (issue 27, _shared/builtin-recycle.ts) is seen by no data interface, report or print
 * dataset, whoever wrote the SQL (decided over a documented note or a view: the name an administrator writes keeps
 * working, nothing to remember). The caller's parameters are untouched; everything stays bound SQL (the filters are
 * built by Kysely, never spliced text).
 */

/** The dictionary tables a data source reads through their live rows (sql-runner.ts DICTIONARY_TABLES). */
const BINNED_DICTIONARY_TABLES: ReadonlySet<string> = new Set(['dictionary_type', 'dictionary_data']);

/** Who runs the statement: a signed-in caller, or null for the system (scheduled jobs): deleted rows only. */
export type SqlViewer = SessionInfo | null;

/** Model tables by lower-case table name: the model id and whether it is the main table. */
async function modelTables(db: Db): Promise<Map<string, { modelId: string; main: boolean }>> {
  const out = new Map<string, { modelId: string; main: boolean }>();
  for (const r of await db.selectFrom('visualdev').select(['id', 'tables']).execute()) {
    const list = (typeof r.tables === 'string' ? JSON.parse(r.tables) : r.tables) as Array<{ table?: unknown; typeId?: unknown }> | null;
    for (const t of list ?? []) if (typeof t?.table === 'string') out.set(t.table.toLowerCase(), { modelId: r.id, main: String(t.typeId) === '1' });
  }
  return out;
}

/** The subquery standing for model table `table` (main or sub-table of `modelId`) for `viewer`; null when not a model's. */
async function scopedSource(db: Db, viewer: SqlViewer, modelId: string, table: string, main: boolean): Promise<RawBuilder<unknown> | null> {
  const model = await loadModel(db, modelId);
  if (!model) return null;
  const decision = viewer && !viewer.isAdministrator ? await authorizeModel(db, viewer, modelId, 'view') : null;
  const visible = raw(db)
    .selectFrom(model.table)
    .where(DELETED_AT_COLUMN, 'is', null)
    .where(decision && !decision.allowed ? sql<boolean>`false` : inScope(model, decision?.rowFilter ?? null));
  if (main) return sql`(${visible.selectAll()})`;
  const child = model.layout.subTables.find((s) => s.table.toLowerCase() === table);
  return child ? sql`(${raw(db).selectFrom(child.table).selectAll().where(child.foreignKey, 'in', visible.select('id'))})` : null;
}

/**
 * The statement of `prepared` with `params` bound and each model table it reads replaced by its scoped subquery, each
 * dictionary table by its live rows (aliased with the table's own name when the statement gave none, so
 * `table.column` references still resolve).
 */
export async function scopedStatement(db: Db, prepared: PreparedSql, params: Record<string, unknown>, viewer: SqlViewer): Promise<RawBuilder<unknown>> {
  const index = await modelTables(db);
  const bytes = Buffer.from(prepared.text, 'utf8');
  type Cut = { at: number; len: number; part: RawBuilder<unknown> };
  const cuts: Cut[] = [];
  for (const ref of prepared.tables) {
    const hit = index.get(ref.relname);
    const dictionary = BINNED_DICTIONARY_TABLES.has(ref.relname) ? sql`(${raw(db).selectFrom(ref.relname).selectAll().where('f_deleted_at', 'is', null)})` : null;
    const source = hit ? await scopedSource(db, viewer, hit.modelId, ref.relname, hit.main) : dictionary;
    if (source) cuts.push({ at: ref.at, len: ref.len, part: ref.aliased ? source : sql`${source} as ${sql.id(ref.relname)}` });
  }
  // The parameters, where `$n` stands in the text (after pieces[0..n-1] and the `$k` before it).
  let at = 0;
  prepared.params.forEach((name, i) => {
    at += Buffer.byteLength(prepared.pieces[i], 'utf8') + (i ? `$${i}`.length : 0);
    const v = params[name];
    const value = v === undefined ? null : typeof v === 'object' && v !== null ? JSON.stringify(v) : v;
    cuts.push({ at, len: `$${i + 1}`.length, part: sql`${value}` });
  });
  cuts.sort((a, b) => a.at - b.at);
  let out: RawBuilder<unknown> = sql.raw('\n');
  let from = 0;
  for (const c of cuts) {
    out = sql`${out}${sql.raw(bytes.subarray(from, c.at).toString('utf8'))}${c.part}`;
    from = c.at + c.len;
  }
  return sql`${out}${sql.raw(bytes.subarray(from).toString('utf8'))}${sql.raw('\n')}`;
}
