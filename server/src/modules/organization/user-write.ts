import { randomUUID } from 'node:crypto';
import type { ResetPasswordBody, UserBody } from '../../../../schemas/wire/organization';
import type { Db } from '../../db/types';
import { assertAcceptablePassword, hashPassword, isMd5Hex } from '../../lib/password';
import { ApiError } from '../../plugins/envelope';
import type { SessionInfo } from '../../plugins/permissions';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { accountKeySql, normaliseAccount } from '../oauth/account';
import { idList, required, text } from './common';
import { assertHolds, assertHoldsUser } from './holds';
import { fail } from './messages';
import { assertOrgScope, type OrgAction } from './org-scope';

type Caller = SessionInfo;
const truthy = (v: boolean | number | undefined) => v === true || v === 1;

/**
 * The target user's account, admin flag and state; 404 unknown or in the recycle bin; 403 when a non-administrator touches an administrator
 * account or a user holding rights the caller lacks (holds.ts assertHoldsUser).
 */
async function target(db: Db, caller: Caller, id: string, action: OrgAction = 'edit'): Promise<{ account: string; is_administrator: boolean; enabled_mark: number; organize_id: string | null }> {
  const row = await db.selectFrom('users').select(['account', 'is_administrator', 'enabled_mark', 'organize_id']).where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw fail(404, 'userNotFound');
  if (row.is_administrator && !caller.isAdministrator) throw ApiError.forbidden();
  if (id !== caller.userId) {
    await assertHoldsUser(db, caller, id);
    await assertOrgScope(db, caller, [row.organize_id], action);
  }
  return row;
}

/** 400 lastAdministrator when `id` is the only enabled administrator (it may not be demoted, disabled or deleted). */
async function assertNotLastAdmin(db: Db, id: string): Promise<void> {
  const others = await db.selectFrom('users').select('id').where('is_administrator', '=', true).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).where('id', '!=', id).limit(1).execute();
  if (!others.length) throw fail(400, 'lastAdministrator');
}

/** Checks the account (required, unique ignoring ASCII case and surrounding blanks: oauth/account.ts) and returns it trimmed. */
async function checkAccount(db: Db, raw: string | null | undefined, selfId: string | null): Promise<string> {
  const account = required(raw, 'account');
  const dup = await db.selectFrom('users').select('id').where(accountKeySql(), '=', normaliseAccount(account)).executeTakeFirst();
  if (dup && dup.id !== selfId) throw fail(400, 'accountExists', { account });
  return account;
}

/** The organisation, positions, roles and manager of a body, checked to exist outside the recycle bin (400 otherwise); undefined = not sent. */
async function links(db: Db, body: UserBody, selfId: string | null) {
  const organizeId = body.organizeId === undefined ? undefined : required(body.organizeId, 'organizeId');
  if (organizeId && !(await db.selectFrom('organize').select('id').where('id', '=', organizeId).where('f_deleted_at', 'is', null).executeTakeFirst())) throw fail(400, 'orgNotFound');
  const positions = body.positionId === undefined ? undefined : idList(body.positionId);
  if (positions?.length && (await db.selectFrom('position').select('id').where('id', 'in', positions).where('f_deleted_at', 'is', null).execute()).length !== positions.length) throw fail(400, 'positionNotFound');
  const roles = body.roleId === undefined ? undefined : idList(body.roleId);
  if (roles?.length && (await db.selectFrom('role').select('id').where('id', 'in', roles).where('f_deleted_at', 'is', null).execute()).length !== roles.length) throw fail(400, 'roleNotFound');
  const managerId = body.managerId === undefined ? undefined : text(body.managerId);
  if (managerId) {
    if (!(await db.selectFrom('users').select('id').where('id', '=', managerId).where('f_deleted_at', 'is', null).executeTakeFirst())) throw fail(400, 'managerNotFound');
    // The manager may not be the user or anyone below it: walk up the manager chain from the chosen manager.
    const seen = new Set<string>();
    for (let cur: string | null = managerId; cur && !seen.has(cur); ) {
      if (cur === selfId) throw fail(400, 'managerCycle');
      seen.add(cur);
      cur = (await db.selectFrom('users').select('manager_id').where('id', '=', cur).executeTakeFirst())?.manager_id ?? null;
    }
  }
  return { organizeId, positions, roles, managerId };
}

/** Replaces the user's memberships of one type (in a transaction). */
async function setRelations(db: Db, userId: string, objectType: 'Role' | 'Position' | 'Organize', ids: string[]): Promise<void> {
  await db.deleteFrom('user_relation').where('user_id', '=', userId).where('object_type', '=', objectType).execute();
  for (const objectId of ids) await db.insertInto('user_relation').values({ id: randomUUID(), user_id: userId, object_type: objectType, object_id: objectId }).execute();
}

/**
 * Creates a user (spec 001 §7 Users). Body: account (unique ignoring case), realName, password (md5 hex, checked by
 * assertAcceptablePassword), organizeId (required), positionId/roleId (comma lists), managerId, profile fields,
 * enabledMark, isAdministrator (an administrator only: 403 otherwise). The user must change the password at its first
 * sign-in (change_pwd_times 0: the shell forces /ChangePassword, spec 000 §2). Roles and positions whose grants the
 * caller does not hold are refused (403). Returns the new id.
 */
export async function createUser(db: Db, caller: Caller, body: UserBody): Promise<string> {
  if (truthy(body.isAdministrator)) assertAdministratorCaller(caller);
  await assertOrgScope(db, caller, [body.organizeId], 'add');
  const account = await checkAccount(db, body.account, null);
  const realName = required(body.realName, 'realName');
  if (!text(body.password)) throw fail(400, 'required', { field: { zh: '密码', en: 'Password' } });
  if (!isMd5Hex(body.password)) throw ApiError.of(400, 'invalid', { field: 'password' });
  await assertAcceptablePassword(body.password!, account);
  const l = await links(db, { ...body, organizeId: body.organizeId ?? null }, null);
  await assertHolds(db, caller, [...(l.roles ?? []).map((objectId) => ({ objectType: 'Role' as const, objectId })), ...(l.positions ?? []).map((objectId) => ({ objectType: 'Position' as const, objectId }))]);
  const id = randomUUID();
  const password = await hashPassword(body.password!.toLowerCase());
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        account,
        real_name: realName,
        password,
        change_pwd_times: 0,
        is_administrator: truthy(body.isAdministrator),
        gender: text(body.gender),
        mobile_phone: text(body.mobilePhone),
        email: text(body.email),
        head_icon: text(body.headIcon),
        organize_id: l.organizeId ?? null,
        position_id: l.positions?.[0] ?? null,
        manager_id: l.managerId ?? null,
        description: text(body.description),
        sort_code: body.sortCode ?? 0,
        enabled_mark: body.enabledMark ?? 1,
        property_json: '{}',
      })
      .execute();
    await setRelations(trx, id, 'Organize', l.organizeId ? [l.organizeId] : []);
    await setRelations(trx, id, 'Position', l.positions ?? []);
    await setRelations(trx, id, 'Role', l.roles ?? []);
  });
  return id;
}

/** 403 暂无权限 unless the caller is an administrator. */
function assertAdministratorCaller(caller: Caller): void {
  if (!caller.isAdministrator) throw ApiError.forbidden();
}

/**
 * Updates a user's profile and links (spec 001 §7 Users). `password` and `enabledMark` in the body are ignored (use
 * Actions/ResetPassword and Actions/State); `isAdministrator` is honoured from an administrator only (403 when a
 * non-administrator sends 1; 0 from a non-administrator is ignored). 404 unknown id; 403 a non-administrator editing an
 * administrator, or adding roles/positions it does not hold; 400 as create, a manager cycle, the last admin demoted.
 * `version` (issue 27, the one the form read): an older one is refused with 409 naming who changed the user and when
 * (_shared/row-version.ts), nothing written; undefined writes as before. Returns the new version.
 */
export async function updateUser(db: Db, caller: Caller, id: string, body: UserBody, version?: number): Promise<number> {
  const before = await target(db, caller, id);
  if (body.organizeId !== undefined && id !== caller.userId) await assertOrgScope(db, caller, [body.organizeId], 'edit');
  let isAdmin = before.is_administrator;
  if (body.isAdministrator !== undefined) {
    if (truthy(body.isAdministrator) && !caller.isAdministrator) throw ApiError.forbidden();
    if (caller.isAdministrator) isAdmin = truthy(body.isAdministrator);
  }
  if (before.is_administrator && !isAdmin) await assertNotLastAdmin(db, id);
  const account = await checkAccount(db, body.account ?? before.account, id);
  const realName = required(body.realName, 'realName');
  const l = await links(db, body, id);
  const held = await db.selectFrom('user_relation').select(['object_type', 'object_id']).where('user_id', '=', id).execute();
  const added = [
    ...(l.roles ?? []).filter((r) => !held.some((h) => h.object_type === 'Role' && h.object_id === r)).map((objectId) => ({ objectType: 'Role' as const, objectId })),
    ...(l.positions ?? []).filter((p) => !held.some((h) => h.object_type === 'Position' && h.object_id === p)).map((objectId) => ({ objectType: 'Position' as const, objectId })),
  ];
  await assertHolds(db, caller, added);
  return db.transaction().execute(async (trx) => {
    const next = await versionedUpdate(
      trx,
      'users',
      id,
      {
        account,
        real_name: realName,
        is_administrator: isAdmin,
        ...(body.gender !== undefined ? { gender: text(body.gender) } : {}),
        ...(body.mobilePhone !== undefined ? { mobile_phone: text(body.mobilePhone) } : {}),
        ...(body.email !== undefined ? { email: text(body.email) } : {}),
        ...(body.headIcon !== undefined ? { head_icon: text(body.headIcon) } : {}),
        ...(body.description !== undefined ? { description: text(body.description) } : {}),
        ...(body.sortCode !== undefined ? { sort_code: body.sortCode } : {}),
        ...(l.organizeId !== undefined ? { organize_id: l.organizeId } : {}),
        ...(l.positions !== undefined ? { position_id: l.positions[0] ?? null } : {}),
        ...(l.managerId !== undefined ? { manager_id: l.managerId } : {}),
      },
      { version, actor: caller.userId, notFound: () => fail(404, 'userNotFound') },
    );
    if (l.organizeId !== undefined) await setRelations(trx, id, 'Organize', l.organizeId ? [l.organizeId] : []);
    if (l.positions !== undefined) await setRelations(trx, id, 'Position', l.positions);
    if (l.roles !== undefined) await setRelations(trx, id, 'Role', l.roles);
    return next;
  });
}

/**
 * Moves a user to the recycle bin (issue 27; _shared/builtin-recycle.ts): it can no longer sign in, its sessions end,
 * it leaves lists, pickers and approver choices; its memberships, grants and subordinates' links stay until the bin
 * purges it (then subordinates and managed organisations lose their manager and its direct grants go), so a restore
 * brings it back as it was. `version` (the one the list showed): an older one is refused with 409, nothing written.
 * 404 unknown id or already deleted; 400 the caller itself or the last enabled administrator; 403 a non-administrator
 * deleting an administrator.
 */
export async function deleteUser(db: Db, caller: Caller, id: string, version?: number): Promise<void> {
  const before = await target(db, caller, id, 'delete');
  if (id === caller.userId) throw fail(400, 'cannotDeleteSelf');
  if (before.is_administrator) await assertNotLastAdmin(db, id);
  await db.transaction().execute(async (trx) => {
    await softDelete(trx, 'users', id, { version, actor: caller.userId, notFound: () => fail(404, 'userNotFound') });
    await trx.deleteFrom('session').where('user_id', '=', id).execute();
  });
}

/**
 * Sets a new password chosen by an administrator (body `{ userPassword, validatePassword? }`, md5 hex): checked by
 * assertAcceptablePassword; the user must change it at the next sign-in (change_pwd_times 0, spec 000 §2).
 * 404 unknown id; 403 a non-administrator resetting an administrator; 400 malformed, mismatched or weak password.
 * Version (issue 27, decided): the reset does NOT step the user's version nor its updated_at/updated_by. The password
 * is no field of the user form (updateUser ignores it), so a form opened before the reset loses nothing when saved:
 * refusing it would be the spurious conflict the models avoid by merging disjoint changes; and a stale save cannot
 * undo the reset. The same holds for the user's own password change and the sign-in bookkeeping (oauth/lockout.ts).
 */
export async function resetPassword(db: Db, caller: Caller, id: string, body: ResetPasswordBody): Promise<void> {
  const user = await target(db, caller, id);
  if (!isMd5Hex(body.userPassword)) throw ApiError.of(400, 'invalid', { field: 'userPassword' });
  if (body.validatePassword !== undefined && body.validatePassword.toLowerCase() !== body.userPassword.toLowerCase()) throw fail(400, 'passwordMismatch');
  await assertAcceptablePassword(body.userPassword, user.account);
  const password = await hashPassword(body.userPassword.toLowerCase());
  await db.updateTable('users').set({ password, change_pwd_times: 0 }).where('id', '=', id).where('f_deleted_at', 'is', null).execute();
}

/**
 * Toggles a user's state: enabled (1) → disabled (0); disabled or locked (2) → enabled. A disabled user cannot sign in
 * and its sessions stop answering at once (plugins/auth.ts checks enabledMark). Returns the new enabledMark.
 * 404 unknown id; 400 disabling oneself or the last enabled administrator; 403 a non-administrator on an administrator.
 */
export async function toggleUser(db: Db, caller: Caller, id: string): Promise<number> {
  const before = await target(db, caller, id);
  const next = before.enabled_mark === 1 ? 0 : 1;
  if (next === 0 && id === caller.userId) throw fail(400, 'cannotDisableSelf');
  if (next === 0 && before.is_administrator) await assertNotLastAdmin(db, id);
  await versionedUpdate(db, 'users', id, { enabled_mark: next }, { actor: caller.userId, notFound: () => fail(404, 'userNotFound') });
  return next;
}
