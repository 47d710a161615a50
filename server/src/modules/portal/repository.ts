import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/types';
import { holdingsOf } from '../../permissions/holdings';
import { type SessionInfo, subjectsOf } from '../../plugins/permissions';
import { cataloguePage, searchedCategory } from '../_shared/catalogue';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { CODE_PATTERN } from '../dictionary/messages';
import { likePattern } from '../visualdev/list-filter';
import { checkLayout } from './layout';
import { FIELD, fail } from './messages';
import type { PortalBody, PortalListQuery } from './schemas';
import type { PortalDto, PortalTable } from './types';

/**
 * Portal records (issue 16 item 3; JNPF BASE_PORTAL, reference print-report-portal.md §3): enCode unique among all
 * rows (binned ones keep theirs until purged), fullName among live ones; a version per row and a recycle bin (issue
 * 27; _shared/config-bins.ts: every read skips binned portals, their grants stay for a restore); the layout checked
 * on save (layout.ts). Who sees a portal: administrators
 * any enabled portal; others an enabled portal granted (`authorize` item_type 'portal') to them, one of their enabled
 * roles or positions (permissions/holdings.ts).
 */

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
/** The portals outside the recycle bin. */
const live = (db: Db) => db.selectFrom('portal').where('portal.f_deleted_at', 'is', null);

/** A write's version check (issue 27): the version the caller read (undefined: last write wins) and who writes. */
export interface PortalWrite {
  version?: number;
  actor: string | null;
}

/** A row as it travels. */
export function toDto(r: Selectable<PortalTable>): PortalDto {
  return {
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    category: r.category,
    type: r.type,
    customUrl: r.custom_url,
    formData: r.form_data,
    description: r.description,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    creatorTime: new Date(r.created_at).getTime(),
    lastModifyTime: ms(r.updated_at),
    version: r.f_version,
  };
}

/** The undeleted portal `id`. @throws 404 notFound. */
export async function getPortal(db: Db, id: string): Promise<PortalDto> {
  const r = await live(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw fail(404, 'notFound');
  return toDto(r);
}

/** GET Portal: a page of portals (sortCode, then newest), keyword in fullName/enCode, category; rows without formData. */
export async function listPortals(db: Db, q: PortalListQuery) {
  const { currentPage, pageSize } = cataloguePage(q);
  let base = live(db);
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([eb('full_name', 'ilike', likePattern(kw)), eb('en_code', 'ilike', likePattern(kw))]));
  const category = q.category || searchedCategory(q.queryJson);
  if (category) base = base.where('category', '=', category);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('users as u', 'u.id', 'portal.created_by')
    .selectAll('portal')
    .select(['u.real_name', 'u.account'])
    .orderBy('portal.sort_code')
    .orderBy('portal.created_at', 'desc')
    .orderBy('portal.id')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  const list = rows.map((r) => {
    const { formData: _f, ...rest } = toDto(r);
    return { ...rest, creatorUser: r.real_name ? `${r.real_name}/${r.account}` : '' };
  });
  return { list, pagination: { currentPage, pageSize, total: Number(total) } };
}

/** The columns a create/update/import writes, all checked. @throws 400 naming the field. */
async function columns(db: Db, b: PortalBody, exceptId?: string) {
  const fullName = b.fullName?.trim() ?? '';
  const enCode = b.enCode?.trim() ?? '';
  if (!fullName) throw fail(400, 'required', { field: FIELD.fullName }, { field: 'fullName' });
  if (!enCode) throw fail(400, 'required', { field: FIELD.enCode }, { field: 'enCode' });
  if (!CODE_PATTERN.test(enCode)) throw fail(400, 'codeRule', { field: FIELD.enCode }, { field: 'enCode' });
  // The code stays taken while its portal is in the bin; a binned portal's name is free (a restore then refuses).
  const clash = (col: 'en_code' | 'full_name', v: string) => {
    let q = (col === 'en_code' ? db.selectFrom('portal') : live(db)).select('id').where(col, '=', v);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  };
  if (await clash('en_code', enCode)) throw fail(400, 'codeExists', { code: enCode }, { field: 'enCode' });
  if (await clash('full_name', fullName)) throw fail(400, 'nameExists', { name: fullName }, { field: 'fullName' });
  const type = b.type ?? 0;
  const customUrl = b.customUrl?.trim() || null;
  if (type === 1 && !customUrl) throw fail(400, 'customUrl', {}, { field: 'customUrl' });
  const layout = await checkLayout(b.formData);
  return {
    full_name: fullName,
    en_code: enCode,
    category: b.category?.trim() ?? '',
    type,
    custom_url: customUrl,
    form_data: JSON.stringify(layout),
    description: b.description ?? null,
    sort_code: b.sortCode ?? 0,
    enabled_mark: b.enabledMark ?? 1,
  };
}

/** POST Portal → the new id. */
export async function createPortal(db: Db, b: PortalBody, userId: string | null, id: string = randomUUID()): Promise<string> {
  await db.insertInto('portal').values({ id, ...(await columns(db, b)), created_by: userId }).execute();
  return id;
}

/**
 * PUT Portal/{id}: update → the new version. @throws 404 (unknown or binned), 400 as create; 409 when `w.version` is
 * older than the portal's (who changed it, when; nothing written).
 */
export async function updatePortal(db: Db, id: string, b: PortalBody, w: PortalWrite): Promise<number> {
  await getPortal(db, id);
  return versionedUpdate(db, 'portal', id, await columns(db, b, id), { ...w, notFound: () => fail(404, 'notFound') });
}

/**
 * DELETE Portal/{id}: to the recycle bin (issue 27 item 2); its grants stay for a restore (the purge removes them).
 * @throws 404 (unknown or binned); 409 an older `w.version`.
 */
export async function deletePortal(db: Db, id: string, w: PortalWrite): Promise<void> {
  await softDelete(db, 'portal', id, { ...w, notFound: () => fail(404, 'notFound') });
}

/** POST Portal/{id}/Actions/Copy: a copy with a suffix on fullName and enCode (JNPF) → the new id. */
export async function copyPortal(db: Db, id: string, userId: string | null): Promise<string> {
  const src = await getPortal(db, id);
  const stamp = Date.now().toString().slice(-6);
  return createPortal(db, { ...src, fullName: `${src.fullName}.副本${stamp}`, enCode: `${src.enCode}${stamp}` }, userId);
}

/** POST Portal/Actions/ImportData: upserts an exported portal by id, checked as on create. @throws 400 badJson. */
export async function importPortal(db: Db, data: unknown, userId: string | null): Promise<string> {
  let b = data as (PortalBody & { id?: unknown }) | null;
  if (typeof data === 'string') {
    try {
      b = JSON.parse(data);
    } catch {
      b = null;
    }
  }
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw fail(400, 'badJson', { field: FIELD.file });
  const id = typeof b.id === 'string' && b.id.trim() && b.id.length <= 100 ? b.id.trim() : randomUUID();
  if (await live(db).select('id').where('id', '=', id).executeTakeFirst()) await updatePortal(db, id, b, { actor: userId });
  else {
    // A binned portal with the imported id is replaced by the import.
    await db.deleteFrom('portal').where('id', '=', id).where('f_deleted_at', 'is not', null).execute();
    await createPortal(db, b, userId, id);
  }
  return id;
}

type Viewer = Pick<SessionInfo, 'userId' | 'positionId' | 'isAdministrator'>;

/** The enabled portals `session` may see, by sortCode (id, fullName, category). */
export async function visiblePortals(db: Db, session: Viewer): Promise<Array<{ id: string; full_name: string; en_code: string; category: string }>> {
  let q = live(db).select(['id', 'full_name', 'en_code', 'category']).where('enabled_mark', '=', 1);
  if (!session.isAdministrator) {
    const granted = [...(await holdingsOf(db, session)).portals];
    if (!granted.length) return [];
    q = q.where('id', 'in', granted);
  }
  return q.orderBy('sort_code').orderBy('created_at').orderBy('id').execute();
}

/** True when `session` may see portal `id` (enabled, undeleted, and administrator or granted). */
export async function maySee(db: Db, session: Viewer, id: string): Promise<boolean> {
  const row = await live(db).select('id').where('id', '=', id).where('enabled_mark', '=', 1).executeTakeFirst();
  if (!row) return false;
  return session.isAdministrator || (await holdingsOf(db, session)).portals.has(id);
}

/** GET Portal/Selector: the caller's visible portals under their categories `[{ id, fullName, children: [{ id, fullName, enCode }] }]`. */
export async function portalSelector(db: Db, session: Viewer) {
  const groups = new Map<string, Array<{ id: string; parentId: string; fullName: string; enCode: string }>>();
  for (const r of await visiblePortals(db, session)) {
    const key = r.category || 'default';
    const list = groups.get(key) ?? [];
    list.push({ id: r.id, parentId: key, fullName: r.full_name, enCode: r.en_code });
    groups.set(key, list);
  }
  return [...groups].map(([k, children]) => ({ id: k, parentId: '0', fullName: k === 'default' ? '门户' : k, hasChildren: true, children }));
}

/** GET Portal/{id}/auth → `{ id, fullName, type, customUrl, formData }` for a caller who may see it. @throws 404 otherwise. */
export async function portalForViewer(db: Db, session: Viewer, id: string) {
  if (!(await maySee(db, session, id))) throw fail(404, 'notFound');
  const p = await getPortal(db, id);
  return { id: p.id, fullName: p.fullName, type: p.type, customUrl: p.customUrl, formData: p.formData };
}

/** PUT Portal/{id}/Actions/SetDefault: writes the caller's users.portal_id. @throws 404 when the caller may not see it. */
export async function setDefaultPortal(db: Db, session: Viewer, id: string): Promise<void> {
  if (!(await maySee(db, session, id))) throw fail(404, 'notFound');
  await db.updateTable('users').set({ portal_id: id }).where('id', '=', session.userId).execute();
}

/**
 * CurrentUser's `userInfo.portalId`: the stored default when the user may still see it, else the first enabled
 * portal granted to the user, one of its enabled roles or positions, by sortCode (also for administrators, who may
 * open any portal but get as home only one granted to them or picked), else '' (the home's own cards).
 */
export async function defaultPortalId(db: Db, session: Viewer, stored: string | null | undefined): Promise<string> {
  if (stored && (await maySee(db, session, stored))) return stored;
  const subjects = await subjectsOf(db, session);
  const row = await live(db)
    .select('id')
    .where('enabled_mark', '=', 1)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('authorize')
        .select('item_id')
        .where('item_type', '=', 'portal')
        .where((w) => w.or(subjects.map((s) => w.and([w('object_type', '=', s.objectType), w('object_id', '=', s.objectId)])))),
    )
    .orderBy('sort_code')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? '';
}
