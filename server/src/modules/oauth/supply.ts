import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import '../current-user/tables';

/**
 * The supplier identity a session acts for (spec 000 §3 supplyIds / currentSupply, §7 SwitchSupply; issue 12 item 6),
 * the value of the data-scheme variable `@currentSupply` (server/src/permissions/variables.ts): `users.current_supply`
 * when it is still one of the user's identities (`user_supply`), else the user's first identity (sort_code, then
 * supply_id), else null (no identity: a scheme on it must deny). One query; read per call, so a SwitchSupply or a
 * changed identity list applies to the next request on every instance.
 */
export async function currentSupplyOf(db: Db, session: Pick<SessionInfo, 'userId'>): Promise<string | null> {
  const rows = await db
    .selectFrom('user_supply as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.supply_id', 'u.current_supply'])
    .where('s.user_id', '=', session.userId)
    .orderBy('s.sort_code')
    .orderBy('s.supply_id')
    .execute();
  if (!rows.length) return null;
  const chosen = rows[0].current_supply;
  return rows.some((r) => r.supply_id === chosen) ? (chosen as string) : rows[0].supply_id;
}
