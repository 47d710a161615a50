import { randomUUID } from 'node:crypto';
import type { Paged } from '../../../../schemas/wire/common';
import type { OrgListQuery, PositionBody } from '../../../../schemas/wire/organization';
import type { Db } from '../../db/types';
import { dropBinnedMembers, grantCount, LABEL_OF, likeOf, memberIds, millis, pageOf, required, subtreeIds, text } from './common';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { fail } from './messages';

/** A position on the wire (JNPF Position): the owning organisation's id and name (`department`). */
export interface PositionRow {
  id: string;
  organizeId: string | null;
  department: string | null;
  fullName: string;
  enCode: string;
  type: string | null;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  creatorTime: number | null;
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: number;
}

function base(db: Db) {
  return db
    .selectFrom('position as p')
    .leftJoin('organize as o', 'o.id', 'p.organize_id')
    .select(['p.id', 'p.organize_id', 'o.full_name as department', 'p.full_name', 'p.en_code', 'p.type', 'p.description', 'p.sort_code', 'p.enabled_mark', 'p.created_at', 'p.f_version'])
    .where('p.f_deleted_at', 'is', null);
}
type Raw = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
const toRow = (r: Raw): PositionRow => ({
  id: r.id,
  organizeId: r.organize_id,
  department: r.department,
  fullName: r.full_name,
  enCode: r.en_code,
  type: r.type,
  description: r.description,
  sortCode: r.sort_code,
  enabledMark: r.enabled_mark,
  creatorTime: millis(r.created_at),
  version: r.f_version,
});

/** GET Position: a page of positions; `organizeId` keeps that organisation's subtree, `keyword` matches name or code. */
export async function listPositions(db: Db, q: OrgListQuery): Promise<Paged<PositionRow>> {
  const { currentPage, pageSize, offset } = pageOf(q);
  let query = base(db);
  if (q.organizeId) query = query.where('p.organize_id', 'in', [q.organizeId, ...(await subtreeIds(db, q.organizeId))]);
  if (q.keyword?.trim()) query = query.where((eb) => eb.or([eb('p.full_name', 'ilike', likeOf(q.keyword!)), eb('p.en_code', 'ilike', likeOf(q.keyword!))]));
  if (q.enabledMark !== undefined) query = query.where('p.enabled_mark', '=', q.enabledMark);
  const all = await query.orderBy('p.sort_code').orderBy('p.full_name').execute();
  return { list: all.slice(offset, offset + pageSize).map(toRow), pagination: { currentPage, pageSize, total: all.length } };
}

/** GET Position/All: every enabled position (flat). */
export async function allPositions(db: Db): Promise<PositionRow[]> {
  return (await base(db).where('p.enabled_mark', '=', 1).orderBy('p.sort_code').orderBy('p.full_name').execute()).map(toRow);
}

/** One position; 404 positionNotFound. */
export async function getPosition(db: Db, id: string): Promise<PositionRow> {
  const r = await base(db).where('p.id', '=', id).executeTakeFirst();
  if (!r) throw fail(404, 'positionNotFound');
  return toRow(r);
}

async function valuesOf(db: Db, body: PositionBody, selfId: string | null) {
  const fullName = required(body.fullName, 'fullName');
  const enCode = required(body.enCode, 'enCode');
  const organizeId = required(body.organizeId, 'organizeId');
  if (!(await db.selectFrom('organize').select('id').where('id', '=', organizeId).where('f_deleted_at', 'is', null).executeTakeFirst())) throw fail(400, 'orgNotFound');
  const dup = await db.selectFrom('position').select('id').where('en_code', '=', enCode).executeTakeFirst();
  if (dup && dup.id !== selfId) throw fail(400, 'codeExists', { code: enCode });
  return { organize_id: organizeId, full_name: fullName, en_code: enCode, type: text(body.type), description: text(body.description), sort_code: body.sortCode ?? 0, enabled_mark: body.enabledMark ?? 1 };
}

/** Creates a position; returns its id. 400: name, code or organisation missing, code taken, unknown organisation. */
export async function createPosition(db: Db, body: PositionBody): Promise<string> {
  const id = randomUUID();
  await db.insertInto('position').values({ id, ...(await valuesOf(db, body, null)) }).execute();
  return id;
}

/**
 * Updates a position; returns the new version. 404 unknown id; 400 as create; 409 when `w.version` (issue 27, the one
 * the form read) is older than the position's (who changed it, when), nothing written.
 */
export async function updatePosition(db: Db, id: string, body: PositionBody, w: { version?: number; actor: string | null } = { actor: null }): Promise<number> {
  await getPosition(db, id);
  return versionedUpdate(db, 'position', id, await valuesOf(db, body, id), { ...w, notFound: () => fail(404, 'positionNotFound') });
}

/** Moves a position to the recycle bin (issue 27 item 2); 404 unknown id; 400 while it has members (relation or main position; users in the recycle bin do not count, their links go) or grants; 409 an older `w.version`. */
export async function deletePosition(db: Db, id: string, w: { version?: number; actor: string | null } = { actor: null }): Promise<void> {
  await getPosition(db, id);
  const members = (await memberIds(db, 'Position', id)).length;
  if (members) throw fail(400, 'hasMembers', { what: LABEL_OF.position, count: members });
  const grants = await grantCount(db, 'Position', id);
  if (grants) throw fail(400, 'hasGrants', { what: LABEL_OF.position, count: grants });
  await db.transaction().execute(async (trx) => {
    await dropBinnedMembers(trx, 'Position', id);
    await softDelete(trx, 'position', id, { ...w, notFound: () => fail(404, 'positionNotFound') });
  });
}
