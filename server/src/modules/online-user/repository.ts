import type { OnlineUserPage, OnlineUserQuery } from '../../../../schemas/wire/online-user';
import type { Db } from '../../db/types';
import { tokenTimeoutMinutes } from '../../plugins/auth';

/** A LIKE pattern matching `s` literally anywhere. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The live sessions (issue 12 item 6; JNPF OnlineUser): not forced offline and active within the idle timeout
 * (sys_config tokenTimeout), most recently active first, filtered by keyword on the account or the real name.
 * pageSize defaults to 20.
 */
export async function listOnline(db: Db, q: OnlineUserQuery, now = Date.now()): Promise<OnlineUserPage> {
  const currentPage = Math.max(1, q.currentPage ?? 1);
  const pageSize = Math.min(500, Math.max(1, q.pageSize ?? 20));
  const since = new Date(now - (await tokenTimeoutMinutes(db)) * 60_000);
  let base = db
    .selectFrom('session as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('organize as o', 'o.id', 'u.organize_id')
    .where('s.kicked', '=', false)
    .where('s.last_seen', '>=', since)
    .where('u.enabled_mark', '=', 1);
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([eb('u.account', 'ilike', likeText(kw)), eb('u.real_name', 'ilike', likeText(kw))]));
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['s.id', 's.created_at', 's.last_seen', 's.ip', 's.user_agent', 'u.id as user_id', 'u.account', 'u.real_name', 'o.full_name as organize_name'])
    .orderBy('s.last_seen', 'desc')
    .orderBy('s.id')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      userAccount: r.account,
      userName: r.real_name,
      loginTime: new Date(r.created_at).getTime(),
      lastTime: new Date(r.last_seen).getTime(),
      loginIPAddress: r.ip ?? '',
      loginPlatForm: r.user_agent ?? '',
      organizeName: r.organize_name ?? '',
    })),
    pagination: { currentPage, pageSize, total: Number(total) },
  };
}

/**
 * Forces sessions offline: marks them kicked (the next request of each answers 601 and deletes it; plugins/auth.ts).
 * The write empties the access caches of this instance at once and, through the bus, of every other
 * (plugins/auth-cache.ts). Returns the sessions marked and their users; unknown or already kicked ids are skipped.
 */
export async function forceOffline(db: Db, ids: string[]): Promise<{ sessionIds: string[]; userIds: string[] }> {
  if (!ids.length) return { sessionIds: [], userIds: [] };
  const rows = await db.updateTable('session').set({ kicked: true }).where('id', 'in', ids).where('kicked', '=', false).returning(['id', 'user_id']).execute();
  return { sessionIds: rows.map((r) => r.id), userIds: [...new Set(rows.map((r) => r.user_id))] };
}
