import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import { withDescendants } from './common';
import { fail } from './messages';

/**
 * 分级管理 (reference/permissions.md §1 "Organisation admin"; issue 12 item 1): an organisation admin row gives its user
 * add / edit / delete rights on that organisation (thisLayer*) and on every organisation below it (subLayer*); the
 * rows of one user are OR-ed. A caller that is not an administrator and holds at least one such row acts only inside
 * that scope when it creates, changes or deletes organisations, departments, positions and users, and when it names
 * organisation admins: elsewhere 403 没有权限操作该数据 and nothing is written. Administrators, and callers without any
 * row (their menu and button grants alone decide, design.md §7a), are not narrowed. Lists are not narrowed (JNPF).
 */

/** An action an organisation admin row may allow. */
export type OrgAction = 'add' | 'edit' | 'delete';

type Scope = Map<string, Set<OrgAction>>;

/**
 * The caller's organisation scope: organisation id → the actions allowed there; null when the caller is not narrowed
 * (an administrator, or no organisation admin row).
 */
export async function orgScopeOf(db: Db, caller: Pick<SessionInfo, 'userId' | 'isAdministrator'>): Promise<Scope | null> {
  if (caller.isAdministrator) return null;
  // Grants in the recycle bin (issue 27) give no administration rights.
  const rows = await db.selectFrom('organize_administrator').selectAll().where('user_id', '=', caller.userId).where('f_deleted_at', 'is', null).execute();
  if (!rows.length) return null;
  const scope: Scope = new Map();
  const allow = (id: string, action: OrgAction) => scope.set(id, (scope.get(id) ?? new Set()).add(action));
  for (const r of rows) {
    if (r.this_layer_add) allow(r.organize_id, 'add');
    if (r.this_layer_edit) allow(r.organize_id, 'edit');
    if (r.this_layer_delete) allow(r.organize_id, 'delete');
    const sub = (['add', 'edit', 'delete'] as const).filter((a) => r[`sub_layer_${a}` as 'sub_layer_add']);
    if (!sub.length) continue;
    for (const id of await withDescendants(db, [r.organize_id])) if (id !== r.organize_id) for (const a of sub) allow(id, a);
  }
  return scope;
}

/**
 * Refuses `action` on organisations `orgIds` (nulls and duplicates ignored) when the caller is narrowed and any of them
 * lies outside its scope for that action. @throws LocalizedError 403 outsideOrgScope.
 */
export async function assertOrgScope(db: Db, caller: Pick<SessionInfo, 'userId' | 'isAdministrator'>, orgIds: Array<string | null | undefined>, action: OrgAction): Promise<void> {
  const scope = await orgScopeOf(db, caller);
  if (!scope) return;
  for (const id of new Set(orgIds)) if (id && !scope.get(id)?.has(action)) throw fail(403, 'outsideOrgScope');
}

/** The organisation a user belongs to (users.organize_id), or undefined for an unknown id (the caller then answers 404). */
export async function userOrgOf(db: Db, userId: string): Promise<string | null | undefined> {
  const r = await db.selectFrom('users').select('organize_id').where('id', '=', userId).executeTakeFirst();
  return r ? r.organize_id : undefined;
}
