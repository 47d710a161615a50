import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';
import { authorizeModel } from '../../permissions/access';
import { ApiError } from '../../plugins/envelope';
import type { SessionInfo } from '../../plugins/permissions';
import { AnswerTooLarge, tooLarge } from '../data-interface/limits';
import { fail as diFail } from '../data-interface/messages';
import { getInterface, sqlError } from '../data-interface/repository';
import { rowsOf, runInterface } from '../data-interface/run';
import { prepareSql, SqlRefused } from '../data-interface/sql-guard';
import { ensureDataSourceRole, MAX_ROWS, readableTables, runReadOnlySql, STATEMENT_TIMEOUT, serverSchema, syncGrants } from '../data-interface/sql-runner';
import { loadModel } from '../visualdev/model-store';
import { IDENT } from './config';
import { fail } from './messages';
import { reportSourceOf } from './sources';
import type { ReportConfig, ReportFilter } from './types';

/**
 * A report's dataset made runnable (issue 16 item 2): every query the report needs (the page of rows, the grouped
 * totals, the chart) is written as text around the marker {@link SRC} and run over the dataset:
 * - `sql` (and a SQL data interface): the marker becomes `(<the report's SQL>) as kd_rep` and the whole statement runs
 *   through the data interfaces' own runner (data-interface/sql-runner.ts runReadOnlySql: PostgreSQL's grammar check,
 *   platform tables refused, read-only transaction, statement timeout, kd_datasource role, byte cap, and each model
 *   table read limited to the caller's row scope, row-scope.ts); `@name`, `{name}` and `${name}` are bound parameters;
 * - `model`: `select <fields> from <model table> where <filters>` through the same runner, so the caller's data
 *   permissions (row filter of the model's granted schemes, no deleted rows) apply as on the model's list;
 * - `source` (sources.ts) and a static/HTTP data interface: a Kysely fragment (the source's scoped query, or the
 *   interface's rows as bound JSON) run read-only with the same statement timeout.
 * Errors answer as data interfaces answer (SqlRefused → its 400, the byte cap, `SQL 执行失败：…`).
 */

/** The marker standing for the dataset in query text. */
export const SRC = '__kd_report_source__';

/** Runs `text` (holding SRC once; the text bounds its own rows with a LIMIT of at most MAX_ROWS) and answers its rows. */
export type DatasetRunner = (text: string) => Promise<Record<string, unknown>[]>;

const q = (name: string) => {
  if (!IDENT.test(name)) throw fail(400, 'badName', { field: { zh: '字段', en: 'Field' }, name }, { field: 'columns' });
  return `"${name}"`;
};

export { q as quoteIdent };

/** `${name}` → `{name}` (the guard's parameter form), then the report's own SQL without a trailing `;`. */
export function normaliseSql(text: string): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '{$1}').trim().replace(/;\s*$/, '');
}

/** Maps a run failure to the answer data interfaces give. */
export function runFailure(e: unknown): never {
  if (e instanceof SqlRefused) throw sqlError(e);
  if (e instanceof AnswerTooLarge) throw tooLarge(e.cap);
  if (e instanceof ApiError) throw e;
  const detail = e instanceof Error ? e.message.split('\n')[0].slice(0, 200) : String(e);
  throw diFail(400, 'sqlFailed', { detail }, { field: 'query' });
}

/** Checks the report's SQL as a data interface's SQL is checked on save. @throws its 400. */
export async function checkSql(db: Db, text: string): Promise<void> {
  try {
    const role = await ensureDataSourceRole(db);
    const denied = await syncGrants(db, await readableTables(db), role);
    await prepareSql(normaliseSql(text), { protectedNames: denied, schema: await serverSchema(db) });
  } catch (e) {
    runFailure(e);
  }
}

function viaRunner(db: Db, inner: string, params: Record<string, unknown>, session: SessionInfo): DatasetRunner {
  return async (text) => {
    try {
      return (await runReadOnlySql(db, text.replace(SRC, `(\n${inner}\n) as kd_rep`), params, {}, session)).list;
    } catch (e) {
      runFailure(e);
    }
  };
}

/** Runs `text` with SRC replaced by `(fragment) as kd_rep`, read-only with the statement timeout. */
function viaFragment(db: Db, fragment: RawBuilder<unknown>): DatasetRunner {
  return async (text) => {
    const [before, after] = text.split(SRC);
    const stmt = sql<Record<string, unknown>>`${sql.raw(before)}(${fragment}) as kd_rep${sql.raw(after ?? '')}`;
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await sql`set local statement_timeout = ${sql.lit(STATEMENT_TIMEOUT)}`.execute(trx);
        return (await stmt.execute(trx)).rows.map((r) => {
          for (const [k, v] of Object.entries(r)) if (typeof v === 'bigint') r[k] = Number(v);
          return r;
        });
      });
    } catch (e) {
      runFailure(e);
    }
  };
}

const OP_SQL: Record<ReportFilter['op'], string> = { '=': '=', '<>': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=', like: 'ilike' };

/** The filters as text with bound parameters `@kd_f<i>` (a filter whose parameter has no value is left out). */
function filterText(filters: ReportFilter[], params: Record<string, unknown>, bound: Record<string, unknown>): string {
  const parts: string[] = [];
  filters.forEach((f, i) => {
    const v = f.param ? params[f.param] : f.value;
    if (v === null || v === undefined || v === '') return;
    bound[`kd_f${i}`] = f.op === 'like' ? `%${String(v).replace(/[\\%_]/g, '\\$&')}%` : v;
    parts.push(`${q(f.field)} ${OP_SQL[f.op]} @kd_f${i}`);
  });
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

/** The filters as a Kysely condition over `kd_s` (values bound). */
function filterFragment(filters: ReportFilter[], params: Record<string, unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  for (const f of filters) {
    const v = f.param ? params[f.param] : f.value;
    if (v === null || v === undefined || v === '') continue;
    const value = f.op === 'like' ? `%${String(v).replace(/[\\%_]/g, '\\$&')}%` : v;
    parts.push(sql`${sql.ref(`kd_s.${f.field}`)} ${sql.raw(OP_SQL[f.op])} ${value}`);
  }
  return parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``;
}

/** The interface's rows as a bound JSON recordset with the report's columns (numbers typed as double precision). */
function rowsFragment(rows: Record<string, unknown>[], fields: string[]): RawBuilder<unknown> {
  const typeOf = (f: string) => (rows.some((r) => typeof r[f] === 'number') && rows.every((r) => r[f] === null || r[f] === undefined || typeof r[f] === 'number') ? 'double precision' : 'text');
  const defs = fields.map((f) => `${q(f)} ${typeOf(f)}`).join(', ');
  const slim = rows.slice(0, MAX_ROWS).map((r) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null])));
  return sql`select * from jsonb_to_recordset(${JSON.stringify(slim)}::jsonb) as kd_j(${sql.raw(defs)})`;
}

/**
 * The runner of `cfg`'s dataset for `session` with the bound parameter values `params`.
 * @throws 400 model/interface/source unknown; 404 notFound when the caller may not use the source or the model.
 */
export async function datasetRunner(db: Db, cfg: ReportConfig, params: Record<string, unknown>, session: SessionInfo): Promise<DatasetRunner> {
  const ds = cfg.dataset;
  if (ds.type === 'sql') return viaRunner(db, normaliseSql(ds.sql), params, session);
  if (ds.type === 'model') {
    const model = await loadModel(db, ds.modelId);
    if (!model) throw fail(400, 'model', { id: ds.modelId }, { field: 'dataset.modelId' });
    const decision = session.isAdministrator ? null : await authorizeModel(db, session, ds.modelId, 'view');
    if (decision && !decision.allowed) throw fail(404, 'notFound');
    const readable = decision?.readFields ? new Set(decision.readFields) : null;
    const known = new Set(['id', 'created_at', 'created_by', 'updated_at', ...model.columns.map((c) => c.name)]);
    const fields = cfg.columns.map((c) => c.field);
    const select = fields.map((f) => (known.has(f) && (!readable || readable.has(f) || f === 'id') ? q(f) : `null as ${q(f)}`)).join(', ');
    const bound: Record<string, unknown> = {};
    const where = filterText((ds.filters ?? []).filter((f) => known.has(f.field)), params, bound);
    return viaRunner(db, `select ${select} from ${q(model.table)}${where}`, bound, session);
  }
  if (ds.type === 'source') {
    const source = reportSourceOf(ds.source);
    if (!source) throw fail(400, 'source', { id: ds.source }, { field: 'dataset.source' });
    const fragment = await source.query(db, session);
    if (!fragment) throw fail(404, 'notFound');
    return viaFragment(db, sql`select * from (${fragment}) as kd_s${filterFragment(ds.filters ?? [], params)}`);
  }
  const di = await getInterface(db, ds.interfaceId).catch(() => null);
  if (di?.enabledMark !== 1) throw fail(400, 'interface', { id: ds.interfaceId }, { field: 'dataset.interfaceId' });
  if (di.dataType === 1) {
    const merged: Record<string, unknown> = {};
    for (const p of di.requestParameters) if (p?.field) merged[p.field] = p.defaultValue ?? null;
    return viaRunner(db, normaliseSql(di.query ?? ''), { ...merged, ...params }, session);
  }
  const rows = rowsOf(await runInterface(db, di, params, {}, session));
  return viaFragment(db, rowsFragment(rows, cfg.columns.map((c) => c.field)));
}
