import { type Kysely, sql } from 'kysely';

/**
 * Sign-in lockout (issue 12 item 6; reference/permissions.md §5, JNPF sysConfig passwordErrorsNumber / lockType /
 * lockTime): `login_attempt` counts consecutive wrong passwords per sign-in key (modules/oauth/account.ts
 * normaliseAccount), for existing and unknown accounts alike, so the answer never tells whether an account exists.
 * `locked_until` ends a timed lock (lockType 2); `admin_lock` holds until an administrator unlocks (lockType 1).
 * The three settings get their defaults (5 tries, lockType 2, 10 minutes) unless already set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempt')
    .ifNotExists()
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('admin_lock', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  for (const [key, value] of [
    ['passwordErrorsNumber', '5'],
    ['lockType', '2'],
    ['lockTime', '10'],
  ]) {
    await sql`insert into sys_config (key, value) values (${key}, ${value}) on conflict (key) do nothing`.execute(db);
  }
}

/** Drops the table (the settings stay). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempt').ifExists().execute();
}
