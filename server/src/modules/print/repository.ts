import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/types';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { CATALOGUE_SORTABLE, cataloguePage, categoryNames, searchedCategory } from '../_shared/catalogue';
import { CODE_PATTERN } from '../dictionary/messages';
import { likePattern } from '../visualdev/list-filter';
import { loadModel } from '../visualdev/model-store';
import { checkDatasets, parseSqlTemplate } from './datasets';
import { FIELD, fail } from './messages';
import { checkPageParam } from './page-setup';
import { sanitizePrintHtml } from './sanitize';
import type { PrintDevBody, PrintDevListQuery } from './schemas';
import { isSourceBinding, printSourceOf } from './sources';
import { checkTemplate } from './template';
import type { PageParam, PrintDev, PrintDevRow, PrintDevTable, SqlItem } from './types';

/**
 * Print-template records (spec 001 §7 "Print templates"; JNPF BASE_PRINTDEV, reference print-report-portal.md §1):
 * enCode unique among all rows (binned ones keep theirs until purged), fullName among live ones; a version per row and
 * a recycle bin (issue 27; _shared/config-bins.ts: every read skips binned templates); HTML sanitised and its liquid
 * checked on save, datasets checked as data-interface SQL, page setup checked (page-setup.ts).
 */

/** The printDev dictionary (category names). */
export const CATEGORY_DICTIONARY = 'printDev';

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);

/** A row as it travels. */
export function toDto(r: Selectable<PrintDevTable>): PrintDev {
  let page: Partial<PageParam> = {};
  try {
    page = JSON.parse(r.page_param) as PageParam;
  } catch {
    page = {};
  }
  let datasets: SqlItem[] = [];
  try {
    datasets = JSON.parse(r.sql_template) as SqlItem[];
  } catch {
    datasets = [];
  }
  return {
    ...page,
    datasets,
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    category: r.category,
    type: r.type,
    modelId: r.model_id,
    dbLinkId: r.db_link_id,
    sqlTemplate: r.sql_template,
    printTemplate: r.print_template,
    pageParam: r.page_param,
    description: r.description,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    creatorTime: new Date(r.created_at).getTime(),
    lastModifyTime: ms(r.updated_at),
    version: r.f_version,
  };
}

/** The templates outside the recycle bin. */
const live = (db: Db) => db.selectFrom('print_dev').where('print_dev.f_deleted_at', 'is', null);

/** A write's version check (issue 27): the version the caller read (undefined: last write wins) and who writes. */
export interface PrintWrite {
  version?: number;
  actor: string | null;
}

/** The undeleted template `id`. @throws 404 notFound. */
export async function getPrintDev(db: Db, id: string): Promise<PrintDev> {
  const r = await live(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw fail(404, 'notFound');
  return toDto(r);
}


/** GET printDev: a page of templates (sortCode then newest), keyword in fullName/enCode, category by enCode. */
export async function listPrintDevs(db: Db, q: PrintDevListQuery): Promise<{ list: PrintDevRow[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
  const { currentPage, pageSize } = cataloguePage(q);
  let base = live(db);
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([eb('full_name', 'ilike', likePattern(kw)), eb('en_code', 'ilike', likePattern(kw))]));
  const category = q.category || searchedCategory(q.queryJson);
  if (category) base = base.where('category', '=', category);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  let rowsQ = base.leftJoin('users as u', 'u.id', 'print_dev.created_by').selectAll('print_dev').select(['u.real_name', 'u.account']);
  const sidx = q.sidx ? CATALOGUE_SORTABLE[q.sidx] : undefined;
  rowsQ = sidx ? rowsQ.orderBy(`print_dev.${sidx}`, q.sort === 'asc' ? 'asc' : 'desc') : rowsQ.orderBy('print_dev.sort_code').orderBy('print_dev.created_at', 'desc');
  const rows = await rowsQ.orderBy('print_dev.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
  const names = await categoryNames(db, CATEGORY_DICTIONARY);
  const list = rows.map((r) => {
    const { printTemplate: _h, sqlTemplate: _s, pageParam: _p, datasets: _d, ...rest } = toDto(r);
    return { ...rest, categoryName: names.get(r.category) ?? r.category, creatorUser: r.real_name ? `${r.real_name}/${r.account}` : '' };
  });
  return { list, pagination: { currentPage, pageSize, total: Number(total) } };
}

/** The columns a create/update/import writes, all checked. @throws 400 naming the field. */
async function columns(db: Db, b: PrintDevBody, exceptId?: string) {
  const fullName = b.fullName?.trim() ?? '';
  const enCode = b.enCode?.trim() ?? '';
  if (!fullName) throw fail(400, 'required', { field: FIELD.fullName }, { field: 'fullName' });
  if (!enCode) throw fail(400, 'required', { field: FIELD.enCode }, { field: 'enCode' });
  if (!CODE_PATTERN.test(enCode)) throw fail(400, 'codeRule', { field: FIELD.enCode }, { field: 'enCode' });
  // The code stays taken while its template is in the bin; a binned template's name is free (a restore then refuses).
  const clash = (col: 'en_code' | 'full_name', v: string) => {
    let q = (col === 'en_code' ? db.selectFrom('print_dev') : live(db)).select('id').where(col, '=', v);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  };
  if (await clash('en_code', enCode)) throw fail(400, 'codeExists', { code: enCode }, { field: 'enCode' });
  if (await clash('full_name', fullName)) throw fail(400, 'nameExists', { name: fullName }, { field: 'fullName' });
  const modelId = b.modelId?.trim() || null;
  if (modelId && (isSourceBinding(modelId) ? !printSourceOf(modelId) : !(await loadModel(db, modelId)))) throw fail(400, 'model', { id: modelId }, { field: 'modelId' });
  const sqls = parseSqlTemplate(b.datasets ?? b.sqlTemplate);
  await checkDatasets(db, sqls);
  // The admin page sends the page setup flat (paper, width…); JNPF clients send pageParam.
  const flat = b.paper !== undefined && b.paper !== null;
  const page = checkPageParam(flat ? { paper: b.paper, width: b.width, height: b.height, orientation: b.orientation, mt: b.mt, mb: b.mb, ml: b.ml, mr: b.mr } : b.pageParam);
  const html = await sanitizePrintHtml(b.printTemplate ?? '');
  await checkTemplate(html);
  return {
    full_name: fullName,
    en_code: enCode,
    category: b.category?.trim() ?? '',
    type: b.type ?? 2,
    model_id: modelId,
    db_link_id: b.dbLinkId?.trim() || '0',
    sql_template: JSON.stringify(sqls),
    print_template: html,
    page_param: JSON.stringify(page),
    description: b.description ?? null,
    sort_code: b.sortCode ?? 0,
    enabled_mark: b.enabledMark ?? 1,
  };
}

/** POST printDev → the new id. */
export async function createPrintDev(db: Db, b: PrintDevBody, userId: string | null, id: string = randomUUID()): Promise<string> {
  await db.insertInto('print_dev').values({ id, ...(await columns(db, b)), created_by: userId }).execute();
  return id;
}

/**
 * POST|PUT printDev/{id}: update → the new version. @throws 404 (unknown or binned), 400 as create; 409 when
 * `w.version` is older than the template's (who changed it, when; nothing written).
 */
export async function updatePrintDev(db: Db, id: string, b: PrintDevBody, w: PrintWrite): Promise<number> {
  await getPrintDev(db, id);
  return versionedUpdate(db, 'print_dev', id, await columns(db, b, id), { ...w, notFound: () => fail(404, 'notFound') });
}

/** DELETE printDev/{id}: to the recycle bin (issue 27 item 2). @throws 404 (unknown or binned); 409 an older `w.version`. */
export async function deletePrintDev(db: Db, id: string, w: PrintWrite): Promise<void> {
  await softDelete(db, 'print_dev', id, { ...w, notFound: () => fail(404, 'notFound') });
}

/** PUT|POST printDev/{id}/Actions/State: toggles enabledMark (version +1) → the new value. @throws 404. */
export async function togglePrintDev(db: Db, id: string, userId: string | null): Promise<number> {
  const cur = await getPrintDev(db, id);
  const next = cur.enabledMark === 1 ? 0 : 1;
  await versionedUpdate(db, 'print_dev', id, { enabled_mark: next }, { actor: userId, notFound: () => fail(404, 'notFound') });
  return next;
}

/** POST printDev/{id}/Actions/Copy: a copy with a timestamp appended to fullName and enCode (JNPF) → the new id. */
export async function copyPrintDev(db: Db, id: string, userId: string | null): Promise<string> {
  const src = await getPrintDev(db, id);
  const stamp = Date.now().toString().slice(-6);
  return createPrintDev(db, { ...src, datasets: undefined, paper: undefined, fullName: `${src.fullName}.副本${stamp}`, enCode: `${src.enCode}${stamp}` }, userId);
}

/**
 * POST printDev/Actions/ImportData: upserts an exported template by id (JNPF), every field checked as on create.
 * @throws 400 badJson (not a template), and the checks of create.
 */
export async function importPrintDev(db: Db, data: unknown, userId: string | null): Promise<string> {
  const b = (typeof data === 'string' ? safeParse(data) : data) as (PrintDevBody & { id?: unknown }) | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw fail(400, 'badJson', { field: { zh: '导入文件', en: 'The imported file' } });
  const id = typeof b.id === 'string' && b.id.trim() && b.id.length <= 100 ? b.id.trim() : randomUUID();
  const exists = await live(db).select('id').where('id', '=', id).executeTakeFirst();
  if (exists) await updatePrintDev(db, id, b, { actor: userId });
  else {
    // A binned template with the imported id is replaced by the import.
    await db.deleteFrom('print_dev').where('id', '=', id).where('f_deleted_at', 'is not', null).execute();
    await createPrintDev(db, b, userId, id);
  }
  return id;
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/**
 * GET printDev/Selector?type: enabled templates (of `type` when given) under their categories, JNPF's tree
 * `[{ id: category, parentId: '0', fullName, num, children: [{ id, parentId: category, fullName, enCode, type }] }]`.
 */
export async function printSelector(db: Db, type?: number): Promise<Array<Record<string, unknown>>> {
  let q = live(db).select(['id', 'full_name', 'en_code', 'type', 'category']).where('enabled_mark', '=', 1);
  if (type) q = q.where('type', '=', type);
  const rows = await q.orderBy('sort_code').orderBy('created_at', 'desc').execute();
  const names = await categoryNames(db, CATEGORY_DICTIONARY);
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const r of rows) {
    const list = groups.get(r.category) ?? [];
    list.push({ id: r.id, parentId: r.category || '0', fullName: r.full_name, enCode: r.en_code, type: r.type });
    groups.set(r.category, list);
  }
  const order = [...names.keys(), ...[...groups.keys()].filter((k) => !names.has(k))];
  return order.filter((k) => groups.has(k)).map((k) => ({ id: k || 'uncategorized', parentId: '0', fullName: names.get(k) ?? (k || '未分类'), num: groups.get(k)?.length ?? 0, children: groups.get(k) }));
}
