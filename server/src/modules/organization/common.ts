import type { Db } from '../../db/types';
import type { UserListItem } from '../../../../schemas/wire/organization';
import { ApiError } from '../../plugins/envelope';
import { fail, LABEL } from './messages';
import './tables';

/** Access of the organisation admin routes: the 组织架构 menus' enCodes (seed/organization-menus.ts; design.md §7a). */
export const MENU = { organize: 'organize', position: 'position', role: 'role', user: 'user', group: 'userGroup', gradeManage: 'gradeManage' } as const;

/** Trimmed text, or null when absent or blank. */
export function text(v: string | null | undefined): string | null {
  const s = typeof v === 'string' ? v.trim() : '';
  return s ? s : null;
}

/** The trimmed required text `v`; 400 `{field}不能为空` naming `label` when blank. */
export function required(v: string | null | undefined, label: keyof typeof LABEL): string {
  const s = text(v);
  if (!s) throw fail(400, 'required', { field: LABEL[label] });
  return s;
}

/** An id list from a JNPF comma list or an array, trimmed, blanks and repeats dropped, order kept. */
export function idList(v: string | string[] | null | undefined): string[] {
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return [...new Set(raw.map((s) => s.trim()).filter(Boolean))];
}

/** A tree row: the row with `hasChildren` and, when it has any, `children` (spec 001 §3 tree items). */
export type TreeRow<T> = T & { hasChildren: boolean; children?: TreeRow<T>[] };

/** Builds a tree of `rows` by parentId (rows whose parent is not among them are roots), keeping the input order. */
export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): TreeRow<T>[] {
  const nodes = new Map<string, TreeRow<T>>(rows.map((r) => [r.id, { ...r, hasChildren: false }]));
  const roots: TreeRow<T>[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = nodes.get(r.parentId);
    if (!parent || parent === node) roots.push(node);
    else {
      parent.hasChildren = true;
      if (parent.children) parent.children.push(node);
      else parent.children = [node];
    }
  }
  return roots;
}

/** Keeps the rows whose `fullName`/`enCode` contain `keyword` (case-insensitive) and their ancestors; all rows without one. */
export function keepMatches<T extends { id: string; parentId: string; fullName: string; enCode: string }>(rows: T[], keyword?: string): T[] {
  const k = keyword?.trim().toLowerCase();
  if (!k) return rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const r of rows) {
    if (!`${r.fullName}\n${r.enCode}`.toLowerCase().includes(k)) continue;
    for (let n: T | undefined = r; n && !keep.has(n.id); n = byId.get(n.parentId)) keep.add(n.id);
  }
  return rows.filter((r) => keep.has(r.id));
}

/** `ids` (unknown or binned ones dropped) and every live organisation below them (organize.parent_id), each once, the given ones first. */
export async function withDescendants(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('organize').select(['id', 'parent_id']).where('f_deleted_at', 'is', null).execute();
  const out = new Set(ids.filter((id) => rows.some((r) => r.id === id)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (out.has(r.id) || !out.has(r.parent_id)) continue;
      out.add(r.id);
      grew = true;
    }
  }
  return [...out];
}

/** The ids of organisation `rootId` and every organisation below it (empty when it does not exist). */
export function subtreeIds(db: Db, rootId: string): Promise<string[]> {
  return withDescendants(db, [rootId]);
}

/** LIKE pattern of a keyword with %, _ and \ escaped. */
export function likeOf(keyword: string): string {
  return `%${keyword.trim().replace(/[\\%_]/g, '\\$&')}%`;
}

/** Page numbers of a list query (design.md §6): currentPage ≥ 1 (default 1), pageSize 1–500 (default 20). */
export function pageOf(q: { currentPage?: number; pageSize?: number }): { currentPage: number; pageSize: number; offset: number } {
  const currentPage = q.currentPage ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { currentPage, pageSize, offset: (currentPage - 1) * pageSize };
}

/** Users of `userIds` as pickers show them (spec 001 §3 user list item), in the given order, enabled or not; without ids, every user not in the recycle bin. */
export async function userItems(db: Db, where: { ids?: string[]; enabledOnly?: boolean } = {}): Promise<UserListItem[]> {
  if (where.ids && !where.ids.length) return [];
  let q = db
    .selectFrom('users as u')
    .leftJoin('organize as o', 'o.id', 'u.organize_id')
    .select(['u.id', 'u.account', 'u.real_name', 'u.head_icon', 'u.organize_id', 'o.full_name as department'])
    .orderBy('u.sort_code')
    .orderBy('u.account');
  if (where.ids) q = q.where('u.id', 'in', where.ids);
  if (where.enabledOnly) q = q.where('u.enabled_mark', '=', 1);
  // A picker's list leaves out users in the recycle bin (issue 27); the names of chosen ids still resolve.
  if (!where.ids) q = q.where('u.f_deleted_at', 'is', null);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, userId: r.id, account: r.account, realName: r.real_name, fullName: `${r.real_name}/${r.account}`, headIcon: r.head_icon, organizeId: r.organize_id, department: r.department }));
}

/**
 * The member user ids of an object (user_relation), plus users whose main organisation/position it is; users in the
 * recycle bin (issue 27) are not members here (member lists, counts, the delete checks), though their links stay
 * until the object is deleted (dropBinnedMembers) so a restored user comes back with them.
 */
export async function memberIds(db: Db, objectType: MemberObject, objectId: string): Promise<string[]> {
  const rel = await db
    .selectFrom('user_relation as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('r.user_id')
    .where('r.object_type', '=', objectType)
    .where('r.object_id', '=', objectId)
    .where('u.f_deleted_at', 'is', null)
    .execute();
  const ids = new Set(rel.map((r) => r.user_id));
  const column = mainColumnOf(objectType);
  if (column) for (const r of await db.selectFrom('users').select('id').where(column, '=', objectId).where('f_deleted_at', 'is', null).execute()) ids.add(r.id);
  return [...ids];
}

/** An object users are members of (user_relation.object_type). */
export type MemberObject = 'Role' | 'Position' | 'Organize' | 'Group';
const mainColumnOf = (t: MemberObject) => (t === 'Position' ? 'position_id' : t === 'Organize' ? 'organize_id' : null);

/**
 * Before an object with no live members is deleted: the links of users in the recycle bin to it go (their
 * user_relation rows; their main position/organisation becomes none), so the delete is not blocked by them and a
 * restored user does not point at a deleted object (issue 27).
 */
export async function dropBinnedMembers(db: Db, objectType: MemberObject, objectId: string): Promise<void> {
  const binned = db.selectFrom('users').select('id').where('f_deleted_at', 'is not', null);
  await db.deleteFrom('user_relation').where('object_type', '=', objectType).where('object_id', '=', objectId).where('user_id', 'in', binned).execute();
  const column = mainColumnOf(objectType);
  if (column) await db.updateTable('users').set(column === 'position_id' ? { position_id: null } : { organize_id: null }).where(column, '=', objectId).where('f_deleted_at', 'is not', null).execute();
}

/** The number of grants (authorize rows) held by a Role, Position or User. */
export async function grantCount(db: Db, objectType: 'Role' | 'Position' | 'User', objectId: string): Promise<number> {
  const row = await db
    .selectFrom('authorize')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** 403 暂无权限 unless the caller is an administrator (setting or touching administrator accounts). */
export function assertAdministrator(isAdministrator: boolean | undefined): void {
  if (!isAdministrator) throw ApiError.forbidden();
}

/** A timestamp as epoch milliseconds (JNPF list rows carry creatorTime so), or null. */
export function millis(d: Date | string | null | undefined): number | null {
  if (!d) return null;
  const t = new Date(d).getTime();
  return Number.isFinite(t) ? t : null;
}

/** Object labels of the delete-refusal messages (该岗位, 该角色, 该分组…), re-exported for the repositories. */
export { LABEL as LABEL_OF } from './messages';
