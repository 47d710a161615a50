import { sql } from 'kysely';
import { toMs } from '../../db/json';
import type { BaseInfo, BaseInfoInput, Subordinate } from '../../../../schemas/wire/current-user';
import type { Db } from '../../db/types';
import { versionedUpdate } from '../_shared/row-version';
import './tables';

/** Where avatars are served (routes.ts: GET /api/file/Image/userAvatar/:name). */
export const AVATAR_URL = '/api/file/Image/userAvatar/';

/** The public URL of a stored head icon: a bare file name becomes AVATAR_URL + name; a path or URL is kept. */
export function avatarUrl(headIcon: string | null): string | null {
  if (!headIcon) return null;
  return /^(\/|https?:)/.test(headIcon) ? headIcon : AVATAR_URL + headIcon;
}

/** Reads the profile of `userId` (schemas/wire/current-user.ts BaseInfo, JNPF UsersCurrentInfoOutput; times in ms); undefined when the user does not exist. */
export async function getBaseInfo(db: Db, userId: string): Promise<BaseInfo | undefined> {
  const u = await db
    .selectFrom('users as u')
    .leftJoin('organize as o', 'o.id', 'u.organize_id')
    .leftJoin('organize as p', 'p.id', 'o.parent_id')
    .leftJoin('users as m', 'm.id', 'u.manager_id')
    .select([
      'u.id',
      'u.account',
      'u.real_name',
      'u.gender',
      'u.mobile_phone',
      'u.email',
      'u.signature',
      'u.theme',
      'u.language',
      'u.head_icon',
      'u.created_at',
      'u.prev_login_time',
      'u.prev_login_ip',
      'u.position_id',
      'o.full_name as org_name',
      'p.full_name as parent_org_name',
      'm.real_name as manager_name',
      'm.account as manager_account',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!u) return undefined;
  const rel = await db
    .selectFrom('user_relation as r')
    .leftJoin('role', (j) => j.onRef('role.id', '=', 'r.object_id').on('r.object_type', '=', 'Role'))
    .leftJoin('position', (j) => j.onRef('position.id', '=', 'r.object_id').on('r.object_type', '=', 'Position'))
    .select(['r.object_type', 'role.full_name as role_name', 'position.full_name as position_name', 'position.id as position_id'])
    .where('r.user_id', '=', userId)
    .execute();
  const positions = new Map<string, string>();
  if (u.position_id) {
    const main = await db.selectFrom('position').select(['id', 'full_name']).where('id', '=', u.position_id).executeTakeFirst();
    if (main) positions.set(main.id, main.full_name);
  }
  for (const r of rel) if (r.position_id && r.position_name) positions.set(r.position_id, r.position_name);
  const roles = rel.filter((r) => r.role_name).map((r) => r.role_name as string);
  return {
    id: u.id,
    account: u.account,
    realName: u.real_name,
    gender: u.gender,
    mobilePhone: u.mobile_phone,
    email: u.email,
    signature: u.signature,
    organize: u.org_name ? (u.parent_org_name ? `${u.org_name} / ${u.parent_org_name}` : u.org_name) : null,
    position: [...positions.values()].join(','),
    manager: u.manager_account ? `${u.manager_name}/${u.manager_account}` : null,
    roleId: roles.join(','),
    theme: u.theme,
    language: u.language,
    headIcon: u.head_icon,
    avatar: avatarUrl(u.head_icon),
    creatorTime: toMs(u.created_at),
    prevLogTime: toMs(u.prev_login_time),
    prevLogIP: u.prev_login_ip,
  };
}

/**
 * Updates the given profile fields of `userId` (validated by the route's schema); a no-op without fields. These are
 * fields of the administrators' user form too, so the write steps the user's version (issue 27; updated_by the user):
 * an administrator's form opened before it is refused (409) instead of putting the old values back.
 */
export async function updateBaseInfo(db: Db, userId: string, input: BaseInfoInput): Promise<void> {
  const set: Record<string, string | null> = {};
  const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  if (input.realName !== undefined) set.real_name = input.realName.trim();
  if (input.gender !== undefined) set.gender = blankToNull(input.gender);
  if (input.mobilePhone !== undefined) set.mobile_phone = blankToNull(input.mobilePhone);
  if (input.email !== undefined) set.email = blankToNull(input.email);
  if (input.signature !== undefined) set.signature = blankToNull(input.signature);
  if (!Object.keys(set).length) return;
  await versionedUpdate(db, 'users', userId, set, { actor: userId, notFound: () => new Error(`no user ${userId}`) });
}

/**
 * Sets one of the user's own text columns (theme, language, head_icon, current_supply) and updated_at. head_icon is
 * on the administrators' user form, so it steps the user's version (issue 27, as updateBaseInfo); the preferences do
 * not (no form writes them: a form opened before still saves).
 */
export async function setUserColumn(db: Db, userId: string, column: 'theme' | 'language' | 'head_icon' | 'current_supply', value: string | null): Promise<void> {
  if (column === 'head_icon') {
    await versionedUpdate(db, 'users', userId, { head_icon: value }, { actor: userId, notFound: () => new Error(`no user ${userId}`) });
    return;
  }
  await db
    .updateTable('users')
    .set({ [column]: value, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** The enabled users whose direct superior (manager_id) is `managerId`, in sort order. */
export async function directSubordinates(db: Db, managerId: string): Promise<Subordinate[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('organize as o', 'o.id', 'u.organize_id')
    .leftJoin('position as p', 'p.id', 'u.position_id')
    .select((eb) => [
      'u.id',
      'u.account',
      'u.real_name',
      'u.head_icon',
      'o.full_name as department',
      'p.full_name as position',
      eb
        .exists(eb.selectFrom('users as c').select('c.id').whereRef('c.manager_id', '=', 'u.id').where('c.enabled_mark', '=', 1))
        .as('has_children'),
    ])
    .where('u.manager_id', '=', managerId)
    .where('u.enabled_mark', '=', 1)
    .orderBy('u.sort_code')
    .orderBy('u.account')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    realName: r.real_name,
    userName: `${r.real_name}/${r.account}`,
    avatar: avatarUrl(r.head_icon),
    department: r.department,
    position: r.position,
    isLeaf: !r.has_children,
  }));
}

/** True when `userId` is a direct or indirect subordinate of `managerId` (manager_id chain, cycles tolerated). */
export async function isSubordinateOf(db: Db, userId: string, managerId: string): Promise<boolean> {
  const r = await sql<{ found: boolean }>`
    with recursive sub(id) as (
      select id from users where manager_id = ${managerId}
      union
      select u.id from users u join sub on u.manager_id = sub.id
    )
    select exists(select 1 from sub where id = ${userId}) as found`.execute(db);
  return Boolean(r.rows[0]?.found);
}
