import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { AnswerTooLarge, tooLarge } from '../data-interface/limits';
import { sqlError } from '../data-interface/repository';
import type { SqlViewer } from '../data-interface/row-scope';
import { prepareSql, SqlRefused } from '../data-interface/sql-guard';
import { ensureDataSourceRole, readableTables, runReadOnlySql, serverSchema, syncGrants } from '../data-interface/sql-runner';
import { loadModel } from '../visualdev/model-store';
import { FIELD, fail } from './messages';
import { printSourceOf } from './sources';
import type { SqlItem } from './types';

/**
 * A template's datasets (issue 16 item 1; reference print-report-portal.md §1 `/Fields`, `/Data`): read-only SQL run
 * exactly as data interfaces run it (modules/data-interface/sql-runner.ts: one SELECT checked by PostgreSQL's grammar,
 * platform tables refused, read-only transaction, statement timeout, the kd_datasource role, the answer byte cap),
 * with `@formId` a bound parameter and no other parameter taken from the request; or a model's record directly.
 * Data keys follow JNPF: the first row of SQL 0 flat, `childrenDataTable{i}` = the rows of SQL i+1.
 */

/** Most datasets a template may have. */
export const MAX_DATASETS = 20;
/** Most sub-table rows one dataset gives a print. */
export const MAX_CHILD_ROWS = 5000;

/** The datasets of a body: a JSON string (JNPF) or an array of `{ sql }`; blanks dropped. @throws 400 badJson. */
export function parseSqlTemplate(v: unknown): SqlItem[] {
  let list = v;
  if (typeof v === 'string') {
    if (!v.trim()) return [];
    try {
      list = JSON.parse(v);
    } catch {
      throw fail(400, 'badJson', { field: FIELD.sqlTemplate }, { field: 'sqlTemplate' });
    }
  }
  if (list === null || list === undefined) return [];
  if (!Array.isArray(list) || list.length > MAX_DATASETS) throw fail(400, 'badJson', { field: FIELD.sqlTemplate }, { field: 'sqlTemplate' });
  const items = list.map((x) => ({ sql: typeof x === 'string' ? x : String((x as { sql?: unknown })?.sql ?? '') })).filter((x) => x.sql.trim());
  if (items.some((x) => x.sql.length > 50_000)) throw fail(400, 'badJson', { field: FIELD.sqlTemplate }, { field: 'sqlTemplate' });
  return items;
}

/** Turns a refusal or a database error of a dataset run into a 400 (data-interface messages); `index` names the dataset. */
function runError(e: unknown, index: number): never {
  if (e instanceof SqlRefused) {
    const err = sqlError(e);
    throw new ApiError(err.code, err.message, { field: `sqlTemplate.${index}` });
  }
  if (e instanceof AnswerTooLarge) throw tooLarge(e.cap);
  if (e instanceof ApiError) throw e;
  const detail = e instanceof Error ? e.message.split('\n')[0].slice(0, 200) : String(e);
  throw new ApiError(400, `SQL 执行失败：${detail}`, { field: `sqlTemplate.${index}` });
}

/** Checks every dataset as data-interface SQL is checked (on save). @throws 400 naming the dataset. */
export async function checkDatasets(db: Db, items: SqlItem[]): Promise<void> {
  if (!items.length) return;
  const role = await ensureDataSourceRole(db);
  const denied = await syncGrants(db, await readableTables(db), role);
  const schema = await serverSchema(db);
  for (const [i, it] of items.entries()) {
    try {
      await prepareSql(it.sql, { protectedNames: denied, schema });
    } catch (e) {
      runError(e, i);
    }
  }
}

const strip = (text: string) => text.trim().replace(/;\s*$/, '');

/**
 * Runs dataset `i` with `@formId` bound, reading model tables as `viewer` may (data-interface/row-scope.ts: the
 * printing user's row scope, never deleted rows); at most `max` rows.
 */
export async function runDataset(db: Db, item: SqlItem, i: number, formId: string | null, max = MAX_CHILD_ROWS, viewer: SqlViewer = null): Promise<Record<string, unknown>[]> {
  try {
    return (await runReadOnlySql(db, strip(item.sql), { formId }, max === 1 ? { currentPage: 1, pageSize: 1 } : {}, viewer)).list.slice(0, max);
  } catch (e) {
    runError(e, i);
  }
}

/** The columns a dataset answers: run with `@formId` NULL joined to one empty row, so columns show even without rows. */
async function columnsOf(db: Db, item: SqlItem, i: number): Promise<string[]> {
  const text = `select kd_ds.* from (values (1)) as kd_one(kd_x) left join lateral (select * from (\n${strip(item.sql)}\n) as kd_in limit 1) as kd_ds on true`;
  try {
    const r = await runReadOnlySql(db, text, { formId: null }, { currentPage: 1, pageSize: 1 });
    return Object.keys(r.list[0] ?? {});
  } catch (e) {
    runError(e, i);
  }
}

/** A node of the designer's field tree: `{ id, fullName, children? }` (ids are the keys of printData). */
export interface FieldNode {
  id: string;
  fullName: string;
  children?: FieldNode[];
}

/**
 * POST /Fields: the field tree of a model or a record source (sources.ts) (main fields under `headTable`, each
 * sub-table or list under its key) and of SQL datasets (`headTable` = SQL 0's columns, `childrenDataTable{i}` = SQL i+1's). @throws 400 model (unknown), SQL refusals.
 */
export async function fieldTree(db: Db, modelId: string | null, items: SqlItem[]): Promise<FieldNode[]> {
  const out: FieldNode[] = [];
  const head: FieldNode = { id: 'headTable', fullName: '主表', children: [] };
  out.push(head);
  const source = printSourceOf(modelId);
  if (source) {
    for (const f of source.fields) {
      if (f.id === 'headTable') head.children?.push(...(f.children ?? []));
      else out.push(f);
    }
  } else if (modelId) {
    const model = await loadModel(db, modelId);
    if (!model) throw fail(400, 'model', { id: modelId }, { field: 'modelId' });
    head.children?.push(...model.columns.map((c) => ({ id: c.name, fullName: c.label || c.name })));
    for (const st of model.layout.subTables) out.push({ id: st.vModel, fullName: st.label, children: st.columns.map((c) => ({ id: c.name, fullName: c.label || c.name })) });
  }
  for (const [i, it] of items.entries()) {
    const cols = await columnsOf(db, it, i);
    const nodes = cols.map((c) => ({ id: c, fullName: c }));
    if (i === 0) head.children?.push(...nodes.filter((n) => !head.children?.some((h) => h.id === n.id)));
    else out.push({ id: `childrenDataTable${i - 1}`, fullName: `子表${i}`, children: nodes });
  }
  return out;
}

/**
 * The merged data of one record from SQL datasets: SQL 0's first row (its columns null when it has none, so
 * placeholders still resolve), plus `childrenDataTable{i}` = SQL i+1's rows. `base` (a model record) is overlaid by SQL 0.
 */
export async function datasetData(db: Db, items: SqlItem[], formId: string, base: Record<string, unknown> = {}, viewer: SqlViewer = null): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { ...base };
  for (const [i, it] of items.entries()) {
    if (i === 0) {
      const rows = await runDataset(db, it, 0, formId, 1, viewer);
      const cols = rows.length ? Object.keys(rows[0]) : await columnsOf(db, it, 0);
      for (const c of cols) data[c] = rows[0]?.[c] ?? null;
    } else {
      data[`childrenDataTable${i - 1}`] = await runDataset(db, it, i, formId, MAX_CHILD_ROWS, viewer);
    }
  }
  return data;
}
