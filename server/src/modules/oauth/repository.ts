import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { hashPassword, verifyPassword } from '../../lib/password';
import { accountKeySql, normaliseAccount } from './account';

/** The user columns sign-in needs. */
export interface LoginUser {
  id: string;
  account: string;
  password: string;
  enabled_mark: number;
  change_pwd_times: number;
  /** The user's saved layout/theme (users.theme, migration 0120), '' when unset. */
  theme: string | null;
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks an account and md5 password (spec 000 §3 login request). The account is found by its sign-in key
 * (account.ts normaliseAccount: trimmed, ASCII case-insensitive; the same key the throttle counts; issue 20 item 2);
 * should two stored accounts differ only in case, the one written exactly as given (trimmed) wins. Returns the user,
 * 'wrong' for an unknown account or a wrong password (the same answer, and about the same time, for both),
 * 'locked' for a right password of a locked user (enabled_mark 2; issue 12 item 6), or 'disabled' (any other mark).
 */
export async function checkCredentials(db: Db, account: string, md5: string): Promise<LoginUser | 'wrong' | 'disabled' | 'locked'> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'account', 'password', 'enabled_mark', 'change_pwd_times', 'theme'])
    .where(accountKeySql(), '=', normaliseAccount(account))
    // A user in the recycle bin (issue 27) cannot sign in: its account answers as unknown.
    .where('f_deleted_at', 'is', null)
    .orderBy(sql`account = ${account.trim()}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!user) {
    dummyHash ??= hashPassword('0'.repeat(32));
    await verifyPassword(await dummyHash, md5);
    return 'wrong';
  }
  if (!(await verifyPassword(user.password, md5))) return 'wrong';
  if (user.enabled_mark === 2) return 'locked';
  if (user.enabled_mark !== 1) return 'disabled';
  return user;
}

/** Moves last sign-in to prev sign-in and records this one (time, IP). */
export async function recordSignIn(db: Db, userId: string, ip: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ prev_login_time: eb.ref('last_login_time'), prev_login_ip: eb.ref('last_login_ip'), last_login_time: new Date(), last_login_ip: ip }))
    .where('id', '=', userId)
    .execute();
}
