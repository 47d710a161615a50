import type { ColumnType } from 'kysely';

/**
 * Database types of migration 0440_sign_in_lockout, merged into the application's `Database` (db/types.ts
 * convention). Importing this module (oauth/lockout.ts does) makes the table known to Kysely.
 */

/** Consecutive wrong passwords of one sign-in key (known or unknown account) and its lock. */
export interface LoginAttemptTable {
  /** The sign-in key (account.ts normaliseAccount). */
  account_key: string;
  error_count: ColumnType<number, number | undefined, number>;
  /** End of a timed lock (lockType 2); null when not time-locked. */
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Locked until an administrator unlocks (lockType 1). */
  admin_lock: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../../db/types' {
  interface Database {
    login_attempt: LoginAttemptTable;
  }
}
