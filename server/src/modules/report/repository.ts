import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/types';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { CATALOGUE_SORTABLE, cataloguePage, categoryNames, searchedCategory } from '../_shared/catalogue';
import { getInterface } from '../data-interface/repository';
import { CODE_PATTERN } from '../dictionary/messages';
import { likePattern } from '../visualdev/list-filter';
import { loadModel } from '../visualdev/model-store';
import { checkConfig } from './config';
import { checkSql } from './dataset';
import { FIELD, fail } from './messages';
import type { ReportBody, ReportListQuery } from './schemas';
import { reportSourceOf } from './sources';
import type { Report, ReportConfig, ReportRow, ReportTable } from './types';

/**
 * Report records (issue 16 item 2; JNPF datareport `/Data`): enCode unique among all rows (binned ones keep theirs
 * until purged), fullName among live ones; a version per row and a recycle bin (issue 27; _shared/config-bins.ts:
 * every read — list, selector, detail, Info, runs, type-5 menus — skips binned reports); the config checked on every save (config.ts; the SQL exactly as a data interface's, the model / interface /
 * source must exist).
 */

/** The dataReport dictionary (category names). */
export const CATEGORY_DICTIONARY = 'dataReport';

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
/** The reports outside the recycle bin. */
const live = (db: Db) => db.selectFrom('report').where('report.f_deleted_at', 'is', null);

/** A write's version check (issue 27): the version the caller read (undefined: last write wins) and who writes. */
export interface ReportWrite {
  version?: number;
  actor: string | null;
}

/** A row as it travels. */
export function toDto(r: Selectable<ReportTable>): Report {
  let config: ReportConfig;
  try {
    config = JSON.parse(r.config) as ReportConfig;
  } catch {
    config = { parameters: [], dataset: { type: 'sql', sql: '' }, columns: [], grouping: null, chart: null };
  }
  return {
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    category: r.category,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    description: r.description,
    config,
    creatorTime: new Date(r.created_at).getTime(),
    lastModifyTime: ms(r.updated_at),
    version: r.f_version,
  };
}

/** The undeleted report `id`. @throws 404 notFound. */
export async function getReport(db: Db, id: string): Promise<Report> {
  const r = await live(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw fail(404, 'notFound');
  return toDto(r);
}


/** GET Data: a page of reports (sortCode then newest), keyword in fullName/enCode, category by enCode. */
export async function listReports(db: Db, q: ReportListQuery): Promise<{ list: ReportRow[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
  const { currentPage, pageSize } = cataloguePage(q);
  let base = live(db);
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([eb('full_name', 'ilike', likePattern(kw)), eb('en_code', 'ilike', likePattern(kw))]));
  const category = q.category || searchedCategory(q.queryJson);
  if (category) base = base.where('category', '=', category);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  let rowsQ = base.leftJoin('users as u', 'u.id', 'report.created_by').selectAll('report').select(['u.real_name', 'u.account']);
  const sidx = q.sidx ? CATALOGUE_SORTABLE[q.sidx] : undefined;
  rowsQ = sidx ? rowsQ.orderBy(`report.${sidx}`, q.sort === 'asc' ? 'asc' : 'desc') : rowsQ.orderBy('report.sort_code').orderBy('report.created_at', 'desc');
  const rows = await rowsQ.orderBy('report.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
  const names = await categoryNames(db, CATEGORY_DICTIONARY);
  const list = rows.map((r) => {
    const { config: _c, ...rest } = toDto(r);
    return { ...rest, categoryName: names.get(r.category) ?? r.category, creatorUser: r.real_name ? `${r.real_name}/${r.account}` : '' };
  });
  return { list, pagination: { currentPage, pageSize, total: Number(total) } };
}

/** GET Data/Selector → `{ list }`: categories with their enabled reports as children (JNPF's selector tree). */
export async function reportSelector(db: Db): Promise<Array<Record<string, unknown>>> {
  const rows = await live(db).select(['id', 'full_name', 'en_code', 'category']).where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('created_at', 'desc').execute();
  const names = await categoryNames(db, CATEGORY_DICTIONARY);
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const r of rows) groups.set(r.category, [...(groups.get(r.category) ?? []), { id: r.id, parentId: r.category || '0', fullName: r.full_name, enCode: r.en_code }]);
  const order = [...names.keys(), ...[...groups.keys()].filter((k) => !names.has(k))];
  return order.filter((k) => groups.has(k)).map((k) => ({ id: k || 'uncategorized', parentId: '0', fullName: names.get(k) ?? (k || '未分类'), num: groups.get(k)?.length ?? 0, children: groups.get(k) }));
}

/** Comma/space separated names (the admin page's text field) or an array. */
const names = (v: unknown) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,，\s]+/) : []).map((x) => String(x).trim()).filter(Boolean);

/**
 * The body's config: `config` (object or JSON text), else the parts — as objects (`parameters`, `dataset`, `columns`,
 * `grouping`, `chart`) or flat as the admin page's form sends them (`datasetType`, `sql`, `modelId`, `interfaceId`,
 * `source`, `filters`, `groupFields` (comma text), `aggregates`, `subtotals`, `grandTotal`, `chartType`, `categoryField`,
 * `seriesField`, `valueField`, `chartTitle`).
 */
function configOf(b: ReportBody): unknown {
  if (b.config !== undefined && b.config !== null) return b.config;
  const f = b as Record<string, unknown>;
  const dataset = b.dataset ?? { type: f.datasetType ?? 'sql', sql: f.sql, modelId: f.modelId, interfaceId: f.interfaceId, source: f.source, filters: f.filters };
  const grouping = b.grouping ?? (f.groupFields !== undefined ? { fields: names(f.groupFields), aggregates: f.aggregates, subtotals: f.subtotals, grandTotal: f.grandTotal } : null);
  const chart = b.chart ?? (f.chartType ? { type: f.chartType, categoryField: f.categoryField, seriesField: f.seriesField, valueField: f.valueField, title: f.chartTitle } : null);
  return { parameters: b.parameters, dataset, columns: b.columns, grouping, chart };
}

/** A config spread flat for the admin page's form (the inverse of configOf's flat form). */
export function flatConfig(c: ReportConfig): Record<string, unknown> {
  const ds = c.dataset as Record<string, unknown>;
  return {
    parameters: c.parameters.map((p) => ({ ...p, options: p.options?.map((o) => (o.id === o.fullName ? o.id : `${o.id}:${o.fullName}`)).join(',') ?? '' })),
    datasetType: ds.type,
    sql: ds.sql ?? '',
    modelId: ds.modelId ?? '',
    interfaceId: ds.interfaceId ?? '',
    source: ds.source ?? '',
    filters: ds.filters ?? [],
    columns: c.columns,
    groupFields: c.grouping?.fields.join(',') ?? '',
    aggregates: c.grouping?.aggregates ?? [],
    subtotals: c.grouping?.subtotals !== false ? 1 : 0,
    grandTotal: c.grouping?.grandTotal !== false ? 1 : 0,
    chartType: c.chart?.type ?? '',
    categoryField: c.chart?.categoryField ?? '',
    seriesField: c.chart?.seriesField ?? '',
    valueField: c.chart?.valueField ?? '',
    chartTitle: c.chart?.title ?? '',
  };
}

/** The columns a create/update/import writes, all checked. @throws 400 naming the field. */
async function columns(db: Db, b: ReportBody, exceptId?: string) {
  const fullName = b.fullName?.trim() ?? '';
  const enCode = b.enCode?.trim() ?? '';
  if (!fullName) throw fail(400, 'required', { field: FIELD.fullName }, { field: 'fullName' });
  if (!enCode) throw fail(400, 'required', { field: FIELD.enCode }, { field: 'enCode' });
  if (!CODE_PATTERN.test(enCode)) throw fail(400, 'codeRule', { field: FIELD.enCode }, { field: 'enCode' });
  // The code stays taken while its report is in the bin; a binned report's name is free (a restore then refuses).
  const clash = (col: 'en_code' | 'full_name', v: string) => {
    let q = (col === 'en_code' ? db.selectFrom('report') : live(db)).select('id').where(col, '=', v);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  };
  if (await clash('en_code', enCode)) throw fail(400, 'codeExists', { code: enCode }, { field: 'enCode' });
  if (await clash('full_name', fullName)) throw fail(400, 'nameExists', { name: fullName }, { field: 'fullName' });
  const config = checkConfig(configOf(b));
  const ds = config.dataset;
  if (ds.type === 'sql') await checkSql(db, ds.sql);
  if (ds.type === 'model' && !(await loadModel(db, ds.modelId))) throw fail(400, 'model', { id: ds.modelId }, { field: 'dataset.modelId' });
  if (ds.type === 'source' && !reportSourceOf(ds.source)) throw fail(400, 'source', { id: ds.source }, { field: 'dataset.source' });
  if (ds.type === 'interface' && !(await getInterface(db, ds.interfaceId).catch(() => null))) throw fail(400, 'interface', { id: ds.interfaceId }, { field: 'dataset.interfaceId' });
  return { full_name: fullName, en_code: enCode, category: b.category?.trim() ?? '', config: JSON.stringify(config), description: b.description ?? null, sort_code: b.sortCode ?? 0, enabled_mark: b.enabledMark ?? 1 };
}

/** POST Data → the new id. */
export async function createReport(db: Db, b: ReportBody, userId: string | null, id: string = randomUUID()): Promise<string> {
  await db.insertInto('report').values({ id, ...(await columns(db, b)), created_by: userId }).execute();
  return id;
}

/**
 * PUT Data/{id}: update → the new version. @throws 404 (unknown or binned), 400 as create; 409 when `w.version` is
 * older than the report's (who changed it, when; nothing written).
 */
export async function updateReport(db: Db, id: string, b: ReportBody, w: ReportWrite): Promise<number> {
  await getReport(db, id);
  return versionedUpdate(db, 'report', id, await columns(db, b, id), { ...w, notFound: () => fail(404, 'notFound') });
}

/** DELETE Data/{id}: to the recycle bin (issue 27 item 2). @throws 404 (unknown or binned); 409 an older `w.version`. */
export async function deleteReport(db: Db, id: string, w: ReportWrite): Promise<void> {
  await softDelete(db, 'report', id, { ...w, notFound: () => fail(404, 'notFound') });
}

/** POST Data/Copy/{id}: a copy with a time suffix on fullName and enCode (JNPF) → the new id. @throws 404. */
export async function copyReport(db: Db, id: string, userId: string | null): Promise<string> {
  const src = await getReport(db, id);
  const stamp = Date.now().toString().slice(-6);
  return createReport(db, { ...src, fullName: `${src.fullName}.副本${stamp}`, enCode: `${src.enCode}${stamp}` }, userId);
}

/** POST Data/Action/Import: upserts an exported report by id, every field checked as on create. @throws 400 badJson. */
export async function importReport(db: Db, data: unknown, userId: string | null): Promise<string> {
  let b = data as (ReportBody & { id?: unknown }) | null;
  if (typeof data === 'string') {
    try {
      b = JSON.parse(data) as ReportBody & { id?: unknown };
    } catch {
      b = null;
    }
  }
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw fail(400, 'badJson', { field: { zh: '导入文件', en: 'The imported file', mas: 'Fail yang diimport' } });
  const id = typeof b.id === 'string' && b.id.trim() && b.id.length <= 100 ? b.id.trim() : randomUUID();
  if (await live(db).select('id').where('id', '=', id).executeTakeFirst()) await updateReport(db, id, b, { actor: userId });
  else {
    // A binned report with the imported id is replaced by the import.
    await db.deleteFrom('report').where('id', '=', id).where('f_deleted_at', 'is not', null).execute();
    await createReport(db, b, userId, id);
  }
  return id;
}

/** PUT|POST Data/{id}/Actions/State: toggles enabledMark (version +1) → the new value. @throws 404. */
export async function toggleReport(db: Db, id: string, userId: string | null): Promise<number> {
  const cur = await getReport(db, id);
  const next = cur.enabledMark === 1 ? 0 : 1;
  await versionedUpdate(db, 'report', id, { enabled_mark: next }, { actor: userId, notFound: () => fail(404, 'notFound') });
  return next;
}
