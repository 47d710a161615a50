import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { grantedIds, type SessionInfo, subjectsOf } from '../../plugins/permissions';

const ITEM_TYPES = ['module', 'button', 'column', 'form', 'resource', 'dataInterface'] as const;

/**
 * Refuses (403 暂无权限, issue 12 "a caller can only grant what it holds") giving someone a role or position whose grants
 * the caller does not hold itself: every authorize row of each `Role`/`Position`/`User` in `objects` must be among the
 * caller's own (united) grants. Administrators hold everything. Used when memberships are set (UserRelation, a user's
 * roleId/positionId), so a user manager cannot lift anyone, itself included, above its own rights.
 */
export async function assertHolds(db: Db, session: SessionInfo, objects: Array<{ objectType: 'Role' | 'Position' | 'User'; objectId: string }>): Promise<void> {
  if (session.isAdministrator || !objects.length) return;
  const needed = await db
    .selectFrom('authorize')
    .select(['item_type', 'item_id'])
    .where((eb) => eb.or(objects.map((o) => eb.and([eb('object_type', '=', o.objectType), eb('object_id', '=', o.objectId)]))))
    .execute();
  if (!needed.length) return;
  const subjects = await subjectsOf(db, session);
  for (const type of ITEM_TYPES) {
    const want = needed.filter((n) => n.item_type === type);
    if (!want.length) continue;
    const held = await grantedIds(db, subjects, type);
    if (want.some((w) => !held.has(w.item_id))) throw ApiError.forbidden();
  }
  if (needed.some((n) => !(ITEM_TYPES as readonly string[]).includes(n.item_type))) throw ApiError.forbidden();
}

/**
 * Refuses (403) a non-administrator managing user `userId` (edit, reset password, state, delete) when that user holds
 * rights the caller lacks (its roles', positions' or direct grants): otherwise a user manager could reset a stronger
 * account's password and sign in as it.
 */
export async function assertHoldsUser(db: Db, session: SessionInfo, userId: string): Promise<void> {
  if (session.isAdministrator) return;
  const rel = await db.selectFrom('user_relation').select(['object_type', 'object_id']).where('user_id', '=', userId).where('object_type', 'in', ['Role', 'Position']).execute();
  const main = await db.selectFrom('users').select('position_id').where('id', '=', userId).executeTakeFirst();
  const objects = rel.map((r) => ({ objectType: r.object_type as 'Role' | 'Position', objectId: r.object_id }));
  if (main?.position_id) objects.push({ objectType: 'Position', objectId: main.position_id });
  await assertHolds(db, session, [...objects, { objectType: 'User', objectId: userId }]);
}
