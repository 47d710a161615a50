import { type RawBuilder, sql } from 'kysely';

/**
 * One account key for sign-in (issue 20 item 2): the sign-in throttle (with the client address), the user lookup, the
 * sign-in log and the organisation issue's lockout counter all count the same account. The key is the account
 * trimmed (JavaScript `trim()`: spaces, tabs, newlines, full-width and no-break spaces) with ASCII letters folded to
 * lower case. The lookup compares `users.account` folded by the very same rule in SQL ({@link accountKeySql}), so it
 * is case-insensitive exactly as the key is (as JNPF's, on MySQL's case-insensitive collation): `admin`, ` Admin`,
 * `ADMIN\t` are one account to both. Non-ASCII letters are not folded on either side. The sub-account form
 * `mobile@accountCode` is one account string like any other (nothing is split at `@`).
 */

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** The sign-in key of a raw account (see the module comment); '' for a non-string. */
export function normaliseAccount(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** A stored account column (`users.account` by default) folded as {@link normaliseAccount} folds, as SQL. */
export function accountKeySql(column = 'account'): RawBuilder<string> {
  return sql<string>`translate(${sql.ref(column)}, ${UPPER}, ${LOWER})`;
}

/** The sign-in throttle's key: client address and account key (each address has its own allowance per account). */
export function signInThrottleKey(ip: string, rawAccount: unknown): string {
  return `${ip}|${normaliseAccount(rawAccount)}`;
}
