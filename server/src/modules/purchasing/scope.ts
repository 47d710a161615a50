import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import { withDescendants } from '../organization/common';

/**
 * The requisitions a caller may see and change (design.md §7a data permissions; issue 17 "lines of another
 * department's requisition"): administrators every one; others those of their own department and the departments
 * below it (organization/common.ts withDescendants, the organisation tree the policy engine's data schemes use), plus
 * the ones they requested or created. Reads and writes by id run with this filter, so a hidden requisition answers
 * 404 (never a hint that it exists).
 */
export interface ReqScope {
  /** null: no restriction (administrator). */
  orgIds: string[] | null;
  userId: string;
}

/** The caller's scope. */
export async function scopeOf(db: Db, session: SessionInfo): Promise<ReqScope> {
  if (session.isAdministrator) return { orgIds: null, userId: session.userId };
  return { orgIds: session.organizeId ? await withDescendants(db, [session.organizeId]) : [], userId: session.userId };
}

/** True when the scope may create a requisition for department `orgId`. */
export function mayUseOrg(scope: ReqScope, orgId: string | null): boolean {
  return scope.orgIds === null || (orgId !== null && scope.orgIds.includes(orgId));
}

/**
 * The WHERE of the scope over `pu_req as r` (use in every list and by-id query): live requisitions only (a binned one,
 * purchasing/bin.ts, answers 404 and is in no list, count, report or print), or with `binned` the caller's binned ones.
 */
export function inScope(scope: ReqScope, binned = false) {
  return (eb: ExpressionBuilder<Database & { r: Database['pu_req'] }, 'r'>) => {
    const bin = eb('r.f_deleted_at', binned ? 'is not' : 'is', null);
    if (scope.orgIds === null) return bin;
    const mine = [eb('r.requester_id', '=', scope.userId), eb('r.created_by', '=', scope.userId)];
    return eb.and([bin, eb.or(scope.orgIds.length ? [eb('r.organize_id', 'in', scope.orgIds), ...mine] : mine)]);
  };
}
