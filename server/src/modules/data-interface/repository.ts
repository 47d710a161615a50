import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { jsonb } from '../../db/json';
import type { Db } from '../../db/types';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { CODE_PATTERN } from '../dictionary/messages';
import { checkUrl } from './http-runner';
import { FIELD, fail } from './messages';
import { prepareSql, SqlRefused } from './sql-guard';
import { serverSchema } from './sql-runner';
import type { DataInterfaceDto, DataInterfaceInput, DataInterfaceTable, Page, RequestParameter } from './types';

/** Maps a row to the wire shape (camelCase). */
export function toDto(r: Selectable<DataInterfaceTable>): DataInterfaceDto {
  const params = (typeof r.request_parameters === 'string' ? JSON.parse(r.request_parameters) : r.request_parameters) as RequestParameter[] | null;
  return {
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    category: r.category,
    dataType: r.data_type,
    query: r.query,
    path: r.path,
    requestMethod: r.request_method,
    requestParameters: Array.isArray(params) ? params : [],
    description: r.description,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    runScope: r.run_scope === 'signedIn' ? 'signedIn' : 'granted',
    creatorTime: new Date(r.created_at).getTime(),
    lastModifyTime: r.updated_at ? new Date(r.updated_at).getTime() : null,
    version: r.f_version,
  };
}

/** Turns a refused statement into a 400 naming the reason (issue 4 item 7). */
export function sqlError(e: SqlRefused) {
  switch (e.reason) {
    case 'empty':
      return fail(400, 'sqlEmpty', {}, { field: 'query' });
    case 'multiple':
      return fail(400, 'sqlMultiple', {}, { field: 'query' });
    case 'notSelect':
      return fail(400, 'sqlNotSelect', {}, { field: 'query' });
    case 'protected':
      return fail(400, 'sqlProtected', { name: e.detail }, { field: 'query' });
    case 'function':
      return fail(400, 'sqlFunction', { name: e.detail }, { field: 'query' });
    default:
      return fail(400, 'sqlSyntax', { detail: e.detail }, { field: 'query' });
  }
}

/**
 * Checks a create/update body beyond its JSON Schema: fullName and enCode required, enCode by the code rule
 * (spec 001 §5); SQL passes the grammar check (one SELECT, allowed functions, no protected names; sql-guard.ts);
 * static data is JSON; a URL is http(s). Throws 400 naming the field.
 */
export async function checkInput(db: Db, b: DataInterfaceInput): Promise<void> {
  if (!b.fullName?.trim()) throw fail(400, 'required', { field: FIELD.fullName }, { field: 'fullName' });
  if (!b.enCode?.trim()) throw fail(400, 'required', { field: FIELD.enCode }, { field: 'enCode' });
  if (!CODE_PATTERN.test(b.enCode)) throw fail(400, 'codeRule', { field: FIELD.enCode }, { field: 'enCode' });
  if (b.dataType === 1) {
    try {
      await prepareSql(b.query ?? '', { schema: await serverSchema(db) });
    } catch (e) {
      if (e instanceof SqlRefused) throw sqlError(e);
      throw e;
    }
  } else if (b.dataType === 2) {
    try {
      JSON.parse(b.query ?? '');
    } catch {
      throw fail(400, 'badJson', {}, { field: 'query' });
    }
  } else if (b.dataType === 3) {
    if (!b.path?.trim()) throw fail(400, 'required', { field: FIELD.path }, { field: 'path' });
    checkUrl(b.path);
  }
}

/** A write's version check (issue 27): the version the caller read (undefined: last write wins) and who writes. */
export interface InterfaceWrite {
  version?: number;
  actor: string | null;
}

/** The interfaces outside the recycle bin (every read but the code check, which still sees binned ones until the purge). */
const live = (db: Db) => db.selectFrom('data_interface').where('f_deleted_at', 'is', null);

/** Refuses a code any interface holds, binned ones too (they keep it until purged). */
async function assertCodeFree(db: Db, enCode: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('data_interface').select('id').where('en_code', '=', enCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw fail(400, 'codeExists', { code: enCode }, { field: 'enCode' });
}

function values(b: DataInterfaceInput) {
  return {
    full_name: b.fullName.trim(),
    en_code: b.enCode,
    category: b.category ?? null,
    data_type: b.dataType,
    query: b.query ?? null,
    path: b.path ?? null,
    request_method: b.dataType === 3 ? (b.requestMethod ?? 'GET') : null,
    request_parameters: jsonb(b.requestParameters ?? []),
    description: b.description ?? null,
    sort_code: b.sortCode ?? 0,
  };
}

/** The list's sortable fields (wire name → column). */
export const SORTABLE = {
  fullName: 'full_name',
  enCode: 'en_code',
  category: 'category',
  dataType: 'data_type',
  sortCode: 'sort_code',
  enabledMark: 'enabled_mark',
  creatorTime: 'created_at',
  lastModifyTime: 'updated_at',
} as const;

/** The list query: keyword (fullName or enCode, contains), category, paging, and sort by a SORTABLE field. */
export interface InterfaceListQuery {
  keyword?: string;
  category?: string;
  currentPage?: number;
  pageSize?: number;
  sidx?: keyof typeof SORTABLE | '';
  sort?: 'asc' | 'desc' | '';
}

/**
 * A page of interfaces ordered by `sidx` (then sortCode, newest, id), by default sortCode then newest; keyword
 * matches fullName or enCode; category filters.
 */
export async function listInterfaces(db: Db, q: InterfaceListQuery): Promise<Page<DataInterfaceDto>> {
  const currentPage = Math.max(1, q.currentPage ?? 1);
  const pageSize = Math.min(500, Math.max(1, q.pageSize ?? 20));
  let base = live(db);
  const kw = q.keyword?.trim();
  if (kw) {
    const pattern = `%${kw.replace(/[\\%_]/g, '\\$&')}%`;
    base = base.where((eb) => eb.or([eb('full_name', 'ilike', pattern), eb('en_code', 'ilike', pattern)]));
  }
  if (q.category) base = base.where('category', '=', q.category);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const sidx = q.sidx ? SORTABLE[q.sidx] : undefined;
  const first = sidx ? base.orderBy(sidx, q.sort === 'asc' ? 'asc' : 'desc') : base;
  const rows = await first
    .selectAll()
    .orderBy('sort_code')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return { list: rows.map(toDto), pagination: { currentPage, pageSize, total: Number(total) } };
}

/** Enabled interfaces for pickers: `{ id, fullName, enCode, category, dataType }[]`. */
export async function interfaceSelector(db: Db): Promise<Array<Pick<DataInterfaceDto, 'id' | 'fullName' | 'enCode' | 'category' | 'dataType'>>> {
  const rows = await live(db)
    .select(['id', 'full_name', 'en_code', 'category', 'data_type'])
    .where('enabled_mark', '=', 1)
    .orderBy('sort_code')
    .orderBy('full_name')
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, category: r.category, dataType: r.data_type }));
}

/**
 * One interface by id (or by enCode): every run (Actions/Response, field sources, reports, tasks) resolves it here, so
 * a binned interface answers 404 everywhere. Throws 404.
 */
export async function getInterface(db: Db, idOrCode: string): Promise<DataInterfaceDto> {
  const row =
    (await live(db).selectAll().where('id', '=', idOrCode).executeTakeFirst()) ??
    (await live(db).selectAll().where('en_code', '=', idOrCode).executeTakeFirst());
  if (!row) throw fail(404, 'notFound');
  return toDto(row);
}

/** Creates an interface; returns its id. Throws 400 (checkInput, duplicate enCode). */
export async function createInterface(db: Db, b: DataInterfaceInput, userId: string | null): Promise<string> {
  await checkInput(db, b);
  await assertCodeFree(db, b.enCode);
  const id = randomUUID();
  await db
    .insertInto('data_interface')
    .values({ id, ...values(b), enabled_mark: b.enabledMark ?? 1, created_by: userId })
    .execute();
  return id;
}

/**
 * Updates an interface → its new version. Throws 404 (unknown or binned) / 400; 409 when `w.version` is older than
 * the interface's (who changed it, when; nothing written).
 */
export async function updateInterface(db: Db, id: string, b: DataInterfaceInput, w: InterfaceWrite): Promise<number> {
  await checkInput(db, b);
  await assertCodeFree(db, b.enCode, id);
  return versionedUpdate(db, 'data_interface', id, { ...values(b), ...(b.enabledMark === undefined ? {} : { enabled_mark: b.enabledMark }) }, { ...w, notFound: () => fail(404, 'notFound') });
}

/**
 * Moves an interface to the recycle bin (issue 27 item 2); its run grants stay for a restore (the purge drops them).
 * Throws 404 (unknown or binned); 409 when `w.version` is older than the interface's (nothing deleted).
 */
export async function deleteInterface(db: Db, id: string, w: InterfaceWrite = { actor: null }): Promise<void> {
  await softDelete(db, 'data_interface', id, { ...w, notFound: () => fail(404, 'notFound') });
}

/** Switches enabledMark 1 ↔ 0 (spec 001 §4; version +1); returns the new value. Throws 404 (unknown or binned). */
export async function toggleInterfaceState(db: Db, id: string, userId: string | null): Promise<number> {
  const row = await live(db).select('enabled_mark').where('id', '=', id).executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  const next = row.enabled_mark === 1 ? 0 : 1;
  await versionedUpdate(db, 'data_interface', id, { enabled_mark: next }, { actor: userId, notFound: () => fail(404, 'notFound') });
  return next;
}
