import type { Paged } from '../../../../schemas/wire/common';
import type { OrgListQuery } from '../../../../schemas/wire/organization';
import type { Db } from '../../db/types';
import { likeOf, millis, pageOf, subtreeIds } from './common';
import { fail } from './messages';

/** A user on the wire (JNPF User, v3.4 comma lists): never the password. `isAdministrator` 0/1; enabledMark 0/1/2 (2 locked). */
export interface UserRow {
  id: string;
  account: string;
  realName: string;
  gender: string | null;
  mobilePhone: string | null;
  email: string | null;
  headIcon: string | null;
  organizeId: string | null;
  department: string | null;
  positionId: string;
  position: string;
  roleId: string;
  roleName: string;
  managerId: string | null;
  manager: string | null;
  isAdministrator: number;
  enabledMark: number;
  description: string | null;
  sortCode: number;
  creatorTime: number | null;
  lastLogTime: number | null;
  /** The row's version (issue 27; an update or delete sends it back). */
  version: number;
}

function base(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('organize as o', 'o.id', 'u.organize_id')
    .leftJoin('users as m', 'm.id', 'u.manager_id')
    .select([
      'u.id',
      'u.account',
      'u.real_name',
      'u.gender',
      'u.mobile_phone',
      'u.email',
      'u.head_icon',
      'u.organize_id',
      'o.full_name as department',
      'u.manager_id',
      'm.real_name as manager',
      'u.is_administrator',
      'u.enabled_mark',
      'u.description',
      'u.sort_code',
      'u.created_at',
      'u.last_login_time',
      'u.position_id',
      'u.f_version',
    ])
    // Users in the recycle bin (issue 27) are in no list and have no detail.
    .where('u.f_deleted_at', 'is', null);
}
type Raw = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** Rows with their positions and roles (memberships; the main position first). */
async function withRelations(db: Db, raw: Raw[]): Promise<UserRow[]> {
  const ids = raw.map((r) => r.id);
  const rel = ids.length
    ? await db
        .selectFrom('user_relation as r')
        .leftJoin('position as p', (j) => j.onRef('p.id', '=', 'r.object_id').on('r.object_type', '=', 'Position'))
        .leftJoin('role as ro', (j) => j.onRef('ro.id', '=', 'r.object_id').on('r.object_type', '=', 'Role'))
        .select(['r.user_id', 'r.object_type', 'r.object_id', 'p.full_name as position', 'ro.full_name as role'])
        .where('r.user_id', 'in', ids)
        .where('r.object_type', 'in', ['Position', 'Role'])
        .orderBy('r.created_at')
        .execute()
    : [];
  return raw.map((r) => {
    const mine = rel.filter((x) => x.user_id === r.id);
    const positions = mine.filter((x) => x.object_type === 'Position').sort((a, b) => Number(b.object_id === r.position_id) - Number(a.object_id === r.position_id));
    const roles = mine.filter((x) => x.object_type === 'Role');
    return {
      id: r.id,
      account: r.account,
      realName: r.real_name,
      gender: r.gender,
      mobilePhone: r.mobile_phone,
      email: r.email,
      headIcon: r.head_icon,
      organizeId: r.organize_id,
      department: r.department,
      positionId: positions.map((p) => p.object_id).join(','),
      position: positions.map((p) => p.position ?? '').join(','),
      roleId: roles.map((p) => p.object_id).join(','),
      roleName: roles.map((p) => p.role ?? '').join(','),
      managerId: r.manager_id,
      manager: r.manager,
      isAdministrator: r.is_administrator ? 1 : 0,
      enabledMark: r.enabled_mark,
      description: r.description,
      sortCode: r.sort_code,
      creatorTime: millis(r.created_at),
      lastLogTime: millis(r.last_login_time),
      version: r.f_version,
    };
  });
}

/** The filtered users query of a list (see listUsers), or null when the organisation filter matches nothing. */
async function filtered(db: Db, q: Pick<OrgListQuery, 'keyword' | 'organizeId' | 'enabledMark'>) {
  let query = base(db);
  if (q.keyword?.trim()) {
    const like = likeOf(q.keyword);
    query = query.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like), eb('u.mobile_phone', 'ilike', like)]));
  }
  if (q.organizeId) {
    const orgs = await subtreeIds(db, q.organizeId);
    if (!orgs.length) return null;
    query = query.where((eb) =>
      eb.or([eb('u.organize_id', 'in', orgs), eb('u.id', 'in', eb.selectFrom('user_relation').select('user_id').where('object_type', '=', 'Organize').where('object_id', 'in', orgs))]),
    );
  }
  if (q.enabledMark !== undefined) query = query.where('u.enabled_mark', '=', q.enabledMark);
  return query;
}

/**
 * GET Users: a page of users. `keyword` matches account, name or mobile; `organizeId` keeps users whose main
 * organisation or membership is in that organisation's subtree; `enabledMark` filters the state.
 */
export async function listUsers(db: Db, q: OrgListQuery): Promise<Paged<UserRow>> {
  const { currentPage, pageSize, offset } = pageOf(q);
  const query = await filtered(db, q);
  if (!query) return { list: [], pagination: { currentPage, pageSize, total: 0 } };
  const total = Number((await query.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const raw = await query.orderBy('u.sort_code').orderBy('u.account').limit(pageSize).offset(offset).execute();
  return { list: await withRelations(db, raw), pagination: { currentPage, pageSize, total } };
}

/**
 * Every user the list filters keep (listUsers without paging; the Excel export), optionally only `ids`, in list
 * order; at most `limit` + 1 rows are read so a caller can tell "too many". With `page`, only that page of the list's
 * order (the 用户管理 list's current page, JNPF dataType 0).
 */
export async function allUsers(db: Db, q: Pick<OrgListQuery, 'keyword' | 'organizeId' | 'enabledMark'> & { ids?: string[]; page?: { currentPage: number; pageSize: number } }, limit: number): Promise<UserRow[]> {
  let query = await filtered(db, q);
  if (!query || (q.ids && !q.ids.length)) return [];
  if (q.ids) query = query.where('u.id', 'in', q.ids);
  const sorted = query.orderBy('u.sort_code').orderBy('u.account');
  const raw = await (q.page ? sorted.limit(Math.min(q.page.pageSize, limit)).offset((q.page.currentPage - 1) * q.page.pageSize) : sorted.limit(limit + 1)).execute();
  const out: UserRow[] = [];
  for (let i = 0; i < raw.length; i += 1000) out.push(...(await withRelations(db, raw.slice(i, i + 1000))));
  return out;
}

/** One user; 404 userNotFound. */
export async function getUser(db: Db, id: string): Promise<UserRow> {
  const raw = await base(db).where('u.id', '=', id).executeTakeFirst();
  if (!raw) throw fail(404, 'userNotFound');
  return (await withRelations(db, [raw]))[0];
}
