import { type Kysely, sql } from 'kysely';

/**
 * pg_trgm (issue 28 item 1): trigram GIN indexes make `ILIKE '%…%'` keyword search index-backed
 * (modules/visualdev/keyword-index.ts). Created in the server's schema when the database offers it (PostgreSQL's
 * contrib; PGlite opened with db/pglite-extensions.ts) and the role may create it (a superuser, or CREATE on the
 * database: pg_trgm is a trusted extension since PostgreSQL 13). Otherwise nothing happens and keyword search keeps
 * working without trigram indexes (keyword-index.ts asks pg_extension before creating any).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const r = await sql<{ ok: boolean }>`select exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_trgm')
    and ((select rolsuper from pg_catalog.pg_roles where rolname = current_user) or has_database_privilege(current_database(), 'CREATE')) as ok`.execute(db);
  if (r.rows[0]?.ok) await sql`create extension if not exists pg_trgm`.execute(db);
}
