import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { accountKeySql, normaliseAccount } from './account';
import './tables';

/**
 * Sign-in lockout (issue 12 item 6; reference/permissions.md §5, JNPF 3.4.1 sysConfig). Wrong passwords are counted
 * per sign-in key (account.ts), for existing and unknown accounts alike, in `login_attempt` (migration 0440); after
 * `passwordErrorsNumber` in a row the key is locked: lockType 2 for `lockTime` minutes, lockType 1 until an
 * administrator unlocks ({@link unlockUser}; an existing user also becomes enabled_mark 2, "locked", which ends their
 * sessions at their next request on every instance). A successful sign-in clears the count. While locked, even the
 * right password is refused. Times come from `Date.now()` (tests move it with fake timers).
 * Versions (issue 27, decided): the counters, the lock (enabled_mark 2) and the unlock do not step the user's version
 * nor its updated_at/updated_by: they are no edit of the record, and the user form cannot write enabled_mark
 * (updateUser ignores it), so a form opened before a lock saves without undoing it; stepping would refuse it for
 * nothing. The administrators' 启用/禁用 (Actions/State) is an edit and does step it.
 */

/** The lockout settings (sys_config). */
export interface LockoutSettings {
  /** Wrong passwords in a row before the lock; 0 = no lockout (sys_config passwordErrorsNumber, default 5). */
  errors: number;
  /** 1 until an administrator unlocks, 2 for `minutes` (sys_config lockType, default 2). */
  lockType: 1 | 2;
  /** Length of a timed lock in minutes, > 0, fractions allowed (sys_config lockTime, default 10). */
  minutes: number;
}

/** Defaults of the lockout settings (also written by migration 0440). */
export const LOCKOUT_DEFAULTS: LockoutSettings = { errors: 5, lockType: 2, minutes: 10 };

/** Where a key stands: free, or locked (until an admin unlocks, or for `minutesLeft` more minutes, rounded up). */
export type LockState = { locked: false } | { locked: true; lockType: 1 } | { locked: true; lockType: 2; minutesLeft: number };

/** Reads the settings; a missing or malformed value means its default. */
export async function lockoutSettings(db: Db): Promise<LockoutSettings> {
  const rows = await db.selectFrom('sys_config').select(['key', 'value']).where('key', 'in', ['passwordErrorsNumber', 'lockType', 'lockTime']).execute();
  const v = new Map(rows.map((r) => [r.key, Number(r.value)]));
  const errors = v.get('passwordErrorsNumber');
  const lockType = v.get('lockType');
  const minutes = v.get('lockTime');
  return {
    errors: Number.isInteger(errors) && (errors as number) >= 0 ? (errors as number) : LOCKOUT_DEFAULTS.errors,
    lockType: lockType === 1 || lockType === 2 ? lockType : LOCKOUT_DEFAULTS.lockType,
    minutes: Number.isFinite(minutes) && (minutes as number) > 0 ? (minutes as number) : LOCKOUT_DEFAULTS.minutes,
  };
}

const minutesLeft = (until: Date, now: number) => Math.max(1, Math.ceil((until.getTime() - now) / 60_000));

/**
 * The lock state of sign-in key `key` at `now` (ms). A lock held for an administrator (lockType 1) ends when the
 * user has been enabled again (enabled_mark back to 1, e.g. by the users' State toggle): the row is then cleared.
 */
export async function lockStateOf(db: Db, key: string, now = Date.now()): Promise<LockState> {
  const row = await db.selectFrom('login_attempt').select(['locked_until', 'admin_lock']).where('account_key', '=', key).executeTakeFirst();
  if (!row) return { locked: false };
  if (row.admin_lock) {
    const enabled = await db.selectFrom('users').select('id').where(accountKeySql(), '=', key).where('enabled_mark', '=', 1).executeTakeFirst();
    if (!enabled) return { locked: true, lockType: 1 };
    await db.deleteFrom('login_attempt').where('account_key', '=', key).execute();
    return { locked: false };
  }
  const until = row.locked_until ? new Date(row.locked_until) : null;
  if (until && until.getTime() > now) return { locked: true, lockType: 2, minutesLeft: minutesLeft(until, now) };
  return { locked: false };
}

/**
 * Counts one wrong password of `key` (atomically; a timed lock that has run out starts a new count) and locks the key
 * when the count reaches the limit. Returns the tries left, or the lock this failure set.
 */
export async function recordFailure(db: Db, key: string, settings: LockoutSettings, now = Date.now()): Promise<{ remaining: number } | Exclude<LockState, { locked: false }>> {
  const at = new Date(now);
  const row = await db
    .insertInto('login_attempt')
    .values({ account_key: key, error_count: 1, updated_at: at })
    .onConflict((oc) =>
      oc.column('account_key').doUpdateSet({
        error_count: sql<number>`case when login_attempt.locked_until is not null and login_attempt.locked_until <= ${at} then 1 else login_attempt.error_count + 1 end`,
        locked_until: sql<Date | null>`case when login_attempt.locked_until is not null and login_attempt.locked_until <= ${at} then null else login_attempt.locked_until end`,
        updated_at: at,
      }),
    )
    .returning('error_count')
    .executeTakeFirstOrThrow();
  const remaining = settings.errors - row.error_count;
  if (remaining > 0) return { remaining };
  if (settings.lockType === 1) {
    await db.updateTable('login_attempt').set({ admin_lock: true }).where('account_key', '=', key).execute();
    await db.updateTable('users').set({ enabled_mark: 2 }).where(accountKeySql(), '=', key).where('enabled_mark', '=', 1).execute();
    return { locked: true, lockType: 1 };
  }
  const until = new Date(now + settings.minutes * 60_000);
  await db.updateTable('login_attempt').set({ locked_until: until }).where('account_key', '=', key).execute();
  return { locked: true, lockType: 2, minutesLeft: minutesLeft(until, now) };
}

/**
 * Clears the count of `key` after a successful sign-in; also sweeps counts that have been idle for a day and are not
 * locked (keeps the table small when many unknown accounts are tried).
 */
export async function clearFailures(db: Db, key: string, now = Date.now()): Promise<void> {
  await db.deleteFrom('login_attempt').where('account_key', '=', key).execute();
  await db
    .deleteFrom('login_attempt')
    .where('admin_lock', '=', false)
    .where('updated_at', '<', new Date(now - 86_400_000))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date(now))]))
    .execute();
}

/**
 * An administrator unlocks user `userId` (JNPF `PUT /api/permission/Users/{id}/Actions/unlock`; helper C's users
 * routes call this): clears the user's count and lock and turns enabled_mark 2 (locked) back to 1. A disabled user
 * (0) stays disabled. Returns false when no such user exists.
 */
export async function unlockUser(db: Db, userId: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('account').where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  await db.deleteFrom('login_attempt').where('account_key', '=', normaliseAccount(user.account)).execute();
  await db.updateTable('users').set({ enabled_mark: 1 }).where('id', '=', userId).where('enabled_mark', '=', 2).execute();
  return true;
}
