import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import type { OrganizeBody } from '../../../../schemas/wire/organization';
import { buildTree, dropBinnedMembers, keepMatches, millis, required, subtreeIds, text, type TreeRow } from './common';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { fail } from './messages';

/** company | department (one table, reference/permissions.md §1). */
export type Category = 'company' | 'department';

/** An organisation or department on the wire (JNPF Organize shape). `manager` is the manager's real name. */
export interface OrganizeRow {
  id: string;
  parentId: string;
  category: string;
  type: string;
  fullName: string;
  enCode: string;
  managerId: string | null;
  manager: string | null;
  propertyJson: string | null;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  creatorTime: number | null;
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: number;
}

async function rows(db: Db, category?: Category): Promise<OrganizeRow[]> {
  let q = db
    .selectFrom('organize as o')
    .leftJoin('users as m', 'm.id', 'o.manager_id')
    .select(['o.id', 'o.parent_id', 'o.category', 'o.full_name', 'o.en_code', 'o.manager_id', 'm.real_name as manager', 'o.property_json', 'o.description', 'o.sort_code', 'o.enabled_mark', 'o.created_at', 'o.f_version'])
    .where('o.f_deleted_at', 'is', null)
    .orderBy('o.sort_code')
    .orderBy('o.full_name');
  if (category) q = q.where('o.category', '=', category);
  return (await q.execute()).map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    category: r.category,
    type: r.category,
    fullName: r.full_name,
    enCode: r.en_code,
    managerId: r.manager_id,
    manager: r.manager,
    propertyJson: r.property_json,
    description: r.description,
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    creatorTime: millis(r.created_at),
    version: r.f_version,
  }));
}

/** GET Organize: every company and department as one tree; `keyword` keeps matches and their ancestors. */
export async function organizeTree(db: Db, keyword?: string): Promise<TreeRow<OrganizeRow>[]> {
  return buildTree(keepMatches(await rows(db), keyword));
}

/** GET Organize/Tree: the companies as a tree (enabled ones), for the organisation pickers of the admin pages. */
export async function companyTree(db: Db): Promise<TreeRow<OrganizeRow>[]> {
  return buildTree((await rows(db, 'company')).filter((r) => r.enabledMark === 1));
}

/** GET Organize/{id}/Department: the departments below organisation `id` (whole subtree) as a flat list; 404 unknown id. */
export async function departmentsOf(db: Db, id: string, keyword?: string): Promise<OrganizeRow[]> {
  const ids = new Set(await subtreeIds(db, id));
  if (!ids.size) throw fail(404, 'orgNotFound');
  const all = (await rows(db, 'department')).filter((r) => ids.has(r.id));
  const k = keyword?.trim().toLowerCase();
  return k ? all.filter((r) => `${r.fullName}\n${r.enCode}`.toLowerCase().includes(k)) : all;
}

/** One organisation or department; 404 (orgNotFound / deptNotFound) when missing or of the other category. */
export async function getOrganize(db: Db, id: string, category: Category): Promise<OrganizeRow> {
  const row = (await rows(db)).find((r) => r.id === id && r.category === category);
  if (!row) throw fail(404, category === 'company' ? 'orgNotFound' : 'deptNotFound');
  return row;
}

/** Checks a body and returns the row values: fullName/enCode required; enCode unique among organisations; parent valid. */
async function valuesOf(db: Db, body: OrganizeBody, category: Category, selfId: string | null) {
  const fullName = required(body.fullName, 'fullName');
  const enCode = required(body.enCode, 'enCode');
  const parentId = text(body.parentId) ?? (category === 'company' ? '-1' : '');
  if (category === 'department' && (!parentId || parentId === '-1' || parentId === '0')) throw fail(400, 'departmentAtRoot');
  if (parentId !== '-1' && parentId !== '0') {
    const parent = await db.selectFrom('organize').select(['id', 'category']).where('id', '=', parentId).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (!parent) throw fail(400, 'parentNotFound');
    if (category === 'company' && parent.category === 'department') throw fail(400, 'companyUnderDepartment');
    if (selfId && (await subtreeIds(db, selfId)).includes(parentId)) throw fail(400, 'parentCycle');
  }
  const dup = await db.selectFrom('organize').select('id').where('en_code', '=', enCode).executeTakeFirst();
  if (dup && dup.id !== selfId) throw fail(400, 'codeExists', { code: enCode });
  const managerId = text(body.managerId);
  if (managerId && !(await db.selectFrom('users').select('id').where('id', '=', managerId).where('f_deleted_at', 'is', null).executeTakeFirst())) throw fail(400, 'managerNotFound');
  return {
    parent_id: parentId === '0' ? '-1' : parentId,
    category,
    full_name: fullName,
    en_code: enCode,
    manager_id: managerId,
    property_json: text(body.propertyJson),
    description: text(body.description),
    sort_code: body.sortCode ?? 0,
    enabled_mark: body.enabledMark ?? 1,
  };
}

/** Creates a company or department; returns its id. 400 on a missing name/code, a taken code or a bad parent. */
export async function createOrganize(db: Db, body: OrganizeBody, category: Category): Promise<string> {
  const id = randomUUID();
  await db.insertInto('organize').values({ id, ...(await valuesOf(db, body, category, null)) }).execute();
  return id;
}

/**
 * Updates a company or department; returns the new version. 404 unknown id; 400 as create, or a parent inside its own
 * subtree; 409 when `w.version` (issue 27, the one the form read) is older than the row's, nothing written.
 */
export async function updateOrganize(db: Db, id: string, body: OrganizeBody, category: Category, w: { version?: number; actor: string | null } = { actor: null }): Promise<number> {
  await getOrganize(db, id, category);
  return versionedUpdate(db, 'organize', id, await valuesOf(db, body, category, id), { ...w, notFound: () => fail(404, category === 'company' ? 'orgNotFound' : 'deptNotFound') });
}

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n);

/**
 * Moves a company or department to the recycle bin (issue 27 item 2; restored from /api/permission/Organize/Recycle);
 * 404 unknown id. Refused (400, nothing deleted) while it has live child organisations, positions, users (main
 * organisation or membership; users in the recycle bin do not count, their links go) or roles bound to it
 * (reference/permissions.md §1); 409 when `w.version` (issue 27) is older than the row's. Its grade administrators
 * (organize_administrator) go to their own bin: a restore of the organisation does not hand anyone administration back
 * unasked (they come back from 分级管理's bin, once the organisation is live). Binned children,
 * positions and roles keep pointing at it and come back only after it.
 */
export async function deleteOrganize(db: Db, id: string, category: Category, w: { version?: number; actor: string | null } = { actor: null }): Promise<void> {
  await getOrganize(db, id, category);
  await db.transaction().execute(async (trx) => {
    const children = await count(trx.selectFrom('organize').select((eb) => eb.fn.countAll().as('n')).where('parent_id', '=', id).where('f_deleted_at', 'is', null));
    if (children) throw fail(400, 'orgHasChildren', { count: children });
    const positions = await count(trx.selectFrom('position').select((eb) => eb.fn.countAll().as('n')).where('organize_id', '=', id).where('f_deleted_at', 'is', null));
    if (positions) throw fail(400, 'orgHasPositions', { count: positions });
    const users = await count(
      trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('f_deleted_at', 'is', null)
        .where((eb) => eb.or([eb('organize_id', '=', id), eb('id', 'in', eb.selectFrom('user_relation').select('user_id').where('object_type', '=', 'Organize').where('object_id', '=', id))])),
    );
    if (users) throw fail(400, 'orgHasUsers', { count: users });
    const roles = await count(
      trx
        .selectFrom('organize_relation as r')
        .innerJoin('role as ro', 'ro.id', 'r.object_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('r.organize_id', '=', id)
        .where('ro.f_deleted_at', 'is', null),
    );
    if (roles) throw fail(400, 'orgHasRoles', { count: roles });
    await trx
      .updateTable('organize_administrator')
      .set((eb) => ({ f_deleted_at: new Date(), f_deleted_by: w.actor, f_version: eb('f_version', '+', 1) }))
      .where('organize_id', '=', id)
      .where('f_deleted_at', 'is', null)
      .execute();
    await dropBinnedMembers(trx, 'Organize', id);
    await softDelete(trx, 'organize', id, { ...w, notFound: () => fail(404, category === 'company' ? 'orgNotFound' : 'deptNotFound') });
  });
}
