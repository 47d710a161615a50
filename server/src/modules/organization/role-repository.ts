import { randomUUID } from 'node:crypto';
import type { Paged } from '../../../../schemas/wire/common';
import type { OrgListQuery, RoleBody } from '../../../../schemas/wire/organization';
import type { Db } from '../../db/types';
import { dropBinnedMembers, grantCount, idList, LABEL_OF, likeOf, memberIds, millis, pageOf, required, text } from './common';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { fail } from './messages';

/** A role on the wire (JNPF Role, v3.4 globalMark): `organizeIds` are the organisations a non-global role is bound to. */
export interface RoleRow {
  id: string;
  fullName: string;
  enCode: string;
  type: string | null;
  globalMark: number;
  organizeIds: string[];
  organizeName: string;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  creatorTime: number | null;
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: number;
}

async function rows(db: Db, where: (q: ReturnType<typeof selectRoles>) => ReturnType<typeof selectRoles> = (q) => q): Promise<RoleRow[]> {
  const raw = await where(selectRoles(db)).orderBy('sort_code').orderBy('full_name').execute();
  const ids = raw.map((r) => r.id);
  const bound = ids.length
    ? await db
        .selectFrom('organize_relation as r')
        .innerJoin('organize as o', 'o.id', 'r.organize_id')
        .select(['r.object_id', 'r.organize_id', 'o.full_name'])
        .where('r.object_type', '=', 'Role')
        .where('r.object_id', 'in', ids)
        .where('o.f_deleted_at', 'is', null)
        .orderBy('o.sort_code')
        .execute()
    : [];
  return raw.map((r) => {
    const mine = bound.filter((b) => b.object_id === r.id);
    return {
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      type: r.type,
      globalMark: r.global_mark,
      organizeIds: mine.map((b) => b.organize_id),
      organizeName: mine.map((b) => b.full_name).join(','),
      description: r.description,
      sortCode: r.sort_code,
      enabledMark: r.enabled_mark,
      creatorTime: millis(r.created_at),
      version: r.f_version,
    };
  });
}
function selectRoles(db: Db) {
  return db.selectFrom('role').select(['id', 'full_name', 'en_code', 'type', 'global_mark', 'description', 'sort_code', 'enabled_mark', 'created_at', 'f_version']).where('f_deleted_at', 'is', null);
}

/** GET Role: a page of roles; `keyword` matches name or code; `organizeId` keeps global roles and roles bound to it. */
export async function listRoles(db: Db, q: OrgListQuery): Promise<Paged<RoleRow>> {
  const { currentPage, pageSize, offset } = pageOf(q);
  const all = await rows(db, (query) => {
    let out = query;
    if (q.keyword?.trim()) out = out.where((eb) => eb.or([eb('full_name', 'ilike', likeOf(q.keyword!)), eb('en_code', 'ilike', likeOf(q.keyword!))]));
    if (q.enabledMark !== undefined) out = out.where('enabled_mark', '=', q.enabledMark);
    if (q.organizeId)
      out = out.where((eb) =>
        eb.or([eb('global_mark', '=', 1), eb('id', 'in', eb.selectFrom('organize_relation').select('object_id').where('object_type', '=', 'Role').where('organize_id', '=', q.organizeId!))]),
      );
    return out;
  });
  return { list: all.slice(offset, offset + pageSize), pagination: { currentPage, pageSize, total: all.length } };
}

/** One role; 404 roleNotFound. */
export async function getRole(db: Db, id: string): Promise<RoleRow> {
  const [row] = await rows(db, (q) => q.where('id', '=', id));
  if (!row) throw fail(404, 'roleNotFound');
  return row;
}

async function save(db: Db, id: string, body: RoleBody, create: boolean, w: { version?: number; actor: string | null } = { actor: null }): Promise<number> {
  const fullName = required(body.fullName, 'fullName');
  const enCode = required(body.enCode, 'enCode');
  const dup = await db.selectFrom('role').select('id').where('en_code', '=', enCode).executeTakeFirst();
  if (dup && dup.id !== id) throw fail(400, 'codeExists', { code: enCode });
  const globalMark = body.globalMark ?? 1;
  const organizeIds = globalMark === 1 ? [] : idList(body.organizeIds);
  if (organizeIds.length) {
    const known = await db.selectFrom('organize').select('id').where('id', 'in', organizeIds).where('f_deleted_at', 'is', null).execute();
    if (known.length !== organizeIds.length) throw fail(400, 'orgNotFound');
  }
  const values = { full_name: fullName, en_code: enCode, type: text(body.type), global_mark: globalMark, description: text(body.description), sort_code: body.sortCode ?? 0, enabled_mark: body.enabledMark ?? 1 };
  return db.transaction().execute(async (trx) => {
    let version = 1;
    if (create) await trx.insertInto('role').values({ id, ...values }).execute();
    else version = await versionedUpdate(trx, 'role', id, values, { ...w, notFound: () => fail(404, 'roleNotFound') });
    await trx.deleteFrom('organize_relation').where('object_type', '=', 'Role').where('object_id', '=', id).execute();
    await dropBinnedMembers(trx, 'Role', id);
    for (const organizeId of organizeIds) await trx.insertInto('organize_relation').values({ id: randomUUID(), organize_id: organizeId, object_type: 'Role', object_id: id }).execute();
    return version;
  });
}

/** Creates a role (global, or bound to `organizeIds` when globalMark is 0); returns its id. 400: name/code missing or taken, unknown organisation. */
export async function createRole(db: Db, body: RoleBody): Promise<string> {
  const id = randomUUID();
  await save(db, id, body, true);
  return id;
}

/**
 * Updates a role and replaces its organisation bindings; returns the new version. 404 unknown id; 400 as create; 409
 * when `w.version` (issue 27, the one the form read) is older than the role's (who changed it, when), nothing written.
 */
export async function updateRole(db: Db, id: string, body: RoleBody, w: { version?: number; actor: string | null } = { actor: null }): Promise<number> {
  await getRole(db, id);
  return save(db, id, body, false, w);
}

/**
 * Moves a role to the recycle bin (issue 27 item 2) with its organisation bindings (they come back with it); 404
 * unknown id; 400 while it has members (users in the recycle bin do not count: their links go) or grants (netcore's
 * rule, reference/permissions.md §1); 409 when `w.version` is older than the role's (nothing deleted).
 */
export async function deleteRole(db: Db, id: string, w: { version?: number; actor: string | null } = { actor: null }): Promise<void> {
  await getRole(db, id);
  const members = (await memberIds(db, 'Role', id)).length;
  if (members) throw fail(400, 'hasMembers', { what: LABEL_OF.role, count: members });
  const grants = await grantCount(db, 'Role', id);
  if (grants) throw fail(400, 'hasGrants', { what: LABEL_OF.role, count: grants });
  await db.transaction().execute(async (trx) => {
    await dropBinnedMembers(trx, 'Role', id);
    await softDelete(trx, 'role', id, { ...w, notFound: () => fail(404, 'roleNotFound') });
  });
}

/** Toggles a role's enabledMark (1 ↔ 0) and returns the new value; 404 unknown id. A disabled role grants nothing. */
export async function toggleRole(db: Db, id: string, actor: string | null = null): Promise<number> {
  const role = await getRole(db, id);
  const next = role.enabledMark === 1 ? 0 : 1;
  await versionedUpdate(db, 'role', id, { enabled_mark: next }, { actor, notFound: () => fail(404, 'roleNotFound') });
  return next;
}
