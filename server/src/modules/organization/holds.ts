import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { grantedIds, type SessionInfo, subjectsOf } from '../../plugins/permissions';

const ITEM_TYPES = ['module', 'button', 'column', 'form', 'resource', 'dataInterface'] as const;

/**
 * Refuses (403 暂无权限, issue 12 "a caller can only grant what it holds") giving someone a role or position whose grants
 * the caller does not hold itself: every authorize row of each `Role`/`Position` in `objects` must be among the
 * caller's own (united) grants. Administrators hold everything. Used when memberships are set (UserRelation, a user's
 * roleId/positionId), so a user manager cannot lift anyone, itself included, above its own rights.
 */
export async function assertHolds(db: Db, session: SessionInfo, objects: Array<{ objectType: 'Role' | 'Position'; objectId: string }>): Promise<void> {
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
