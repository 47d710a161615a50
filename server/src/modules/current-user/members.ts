import type { Member } from '../../../../schemas/wire/current-user';
import type { Db } from '../../db/types';
import { avatarUrl } from './repository';

/**
 * The members of the role, position or organisation `objectId`: users related to it (user_relation), plus users whose
 * main position or organisation it is (users in the recycle bin are no members). Sorted by sortCode, account. undefined
 * when no such role, position or organisation exists or it is in the recycle bin (issue 27).
 */
export async function members(db: Db, objectId: string): Promise<Member[] | undefined> {
  const [role, position, organize] = await Promise.all([
    db.selectFrom('role').select('id').where('id', '=', objectId).where('f_deleted_at', 'is', null).executeTakeFirst(),
    db.selectFrom('position').select('id').where('id', '=', objectId).where('f_deleted_at', 'is', null).executeTakeFirst(),
    db.selectFrom('organize').select('id').where('id', '=', objectId).where('f_deleted_at', 'is', null).executeTakeFirst(),
  ]);
  if (!role && !position && !organize) return undefined;
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('organize as o', 'o.id', 'u.organize_id')
    .select(['u.id', 'u.account', 'u.real_name', 'u.head_icon', 'u.gender', 'u.enabled_mark', 'u.sort_code', 'o.full_name as department'])
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('user_relation as r').select('r.id').whereRef('r.user_id', '=', 'u.id').where('r.object_id', '=', objectId)),
        eb('u.position_id', '=', objectId),
        eb('u.organize_id', '=', objectId),
      ]),
    )
    .where('u.f_deleted_at', 'is', null)
    .orderBy('u.sort_code')
    .orderBy('u.account')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    realName: r.real_name,
    headIcon: avatarUrl(r.head_icon),
    gender: r.gender,
    department: r.department,
    enabledMark: r.enabled_mark,
  }));
}
