import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';
import { AnswerTooLarge, maxAnswerBytes } from './limits';
import { type SqlViewer, scopedStatement } from './row-scope';
import { PROTECTED_TABLES, prepareSql } from './sql-guard';
import { assertBoundedPlan, isPglite } from './sql-plan-guard';

/**
 * Runs data-source SQL read-only (issue 4 item 7): after the token check (sql-guard.ts), inside a transaction that
 * starts `SET TRANSACTION READ ONLY`, sets `statement_timeout` to 5 s (PostgreSQL; PGlite cannot interrupt a statement
 * (on its thread a long one still holds every other statement back), so there each statement is planned first and refused when its planned work is too large or
 * it holds an unbounded recursive CTE, with the same `statement timeout` error: sql-plan-guard.ts) and, where the database allows it, switches to
 * the role `kd_datasource`, which holds SELECT on model tables and dictionary tables only. The statement is wrapped
 * as a sub-query: `select * from (<sql>) as kd_src [where …] [order by …] limit … offset …`, so it cannot be followed
 * by another statement and every page is bounded.
 */

/** The database role data-source SQL runs as. */
export const DATASOURCE_ROLE = 'kd_datasource';
/** Statement timeout of data-source SQL. */
export const STATEMENT_TIMEOUT = '5s';
/** Most rows one call returns (an unpaged call included). */
export const MAX_ROWS = 5000;
/** Totals are counted up to this many rows (a bounded count). */
export const COUNT_CAP = 100_000;
/** Tables every data source may read besides model tables. */
export const DICTIONARY_TABLES = ['dictionary_type', 'dictionary_data'];

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Paging, search and sort applied around the statement. */
export interface SqlPage {
  /** 1-based page; with pageSize, rows (currentPage-1)*pageSize … */
  currentPage?: number;
  /** Rows per page (1…500); unset → up to MAX_ROWS rows and no total. */
  pageSize?: number;
  /** Keyword matched (ILIKE, bound) against `searchColumns` of the result. */
  keyword?: string;
  searchColumns?: string[];
  /** A result column to sort by (must be in `sortColumns`). */
  sidx?: string;
  sort?: 'asc' | 'desc';
  sortColumns?: string[];
}

/** The result of a run: rows (JSON-safe) and, when paged, the bounded total. */
export interface SqlResult {
  list: Record<string, unknown>[];
  total: number | null;
}

const roleState = new WeakMap<Db, Promise<boolean>>();

async function attempt(db: Db, q: RawBuilder<unknown>): Promise<boolean> {
  try {
    await q.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure the role kd_datasource exists and the connection's user may `SET ROLE` to it (once per database).
 * False when the database user may not create or join roles: then only the token check guards (still enforced).
 */
export function ensureDataSourceRole(db: Db): Promise<boolean> {
  let p = roleState.get(db);
  if (!p) {
    p = (async () => {
      const has = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_roles where rolname = ${DATASOURCE_ROLE}`.execute(db)).rows[0]?.n === 1;
      if (!(await has())) await attempt(db, sql`create role ${sql.id(DATASOURCE_ROLE)} nologin`);
      if (!(await has())) return false;
      const member = await sql<{ m: boolean }>`select pg_has_role(current_user, ${DATASOURCE_ROLE}, 'MEMBER') as m`.execute(db);
      if (!member.rows[0]?.m && !(await attempt(db, sql`grant ${sql.id(DATASOURCE_ROLE)} to current_user`))) return false;
      await attempt(db, sql`grant usage on schema ${sql.id(await currentSchema(db))} to ${sql.id(DATASOURCE_ROLE)}`);
      return true;
    })().catch(() => false);
    roleState.set(db, p);
  }
  return p;
}

async function currentSchema(db: Db): Promise<string> {
  return (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s;
}

const schemaState = new WeakMap<Db, Promise<string>>();

/** The schema the server runs in (`current_schema()`, cached per database): the one schema data-source SQL may name. */
export function serverSchema(db: Db): Promise<string> {
  let p = schemaState.get(db);
  if (!p) {
    p = currentSchema(db);
    p.catch(() => schemaState.delete(db));
    schemaState.set(db, p);
  }
  return p;
}

/** Tables a data source may read: the tables bound to models and the dictionary tables, never a protected one. */
export async function readableTables(db: Db): Promise<Set<string>> {
  // A binned model's tables (visualdev/model-bin.ts) are read by no data source until it is restored.
  const rows = await db.selectFrom('visualdev').select('tables').where('f_deleted_at', 'is', null).execute();
  const out = new Set(DICTIONARY_TABLES);
  for (const r of rows) {
    const list = (typeof r.tables === 'string' ? JSON.parse(r.tables) : r.tables) as Array<{ table?: unknown }> | null;
    for (const t of list ?? []) if (typeof t?.table === 'string' && IDENT.test(t.table)) out.add(t.table.toLowerCase());
  }
  for (const p of PROTECTED_TABLES) out.delete(p);
  return out;
}

/**
 * Every table and view of the current schema a data source may not read (the token check refuses their names),
 * after bringing the role's grants in line: SELECT on readable tables, none on the others. Grants name the schema
 * (issue 20 item 1): an unqualified name would resolve through search_path, pg_catalog first.
 */
export async function syncGrants(db: Db, readable: Set<string>, role: boolean): Promise<string[]> {
  const schema = await currentSchema(db);
  const rows = await sql<{ name: string; granted: boolean }>`
    select c.relname as name, ${role ? sql`has_table_privilege(${DATASOURCE_ROLE}, c.oid, 'SELECT')` : sql`false`} as granted
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'v', 'm', 'p', 'f')`.execute(db);
  const denied: string[] = [];
  for (const r of rows.rows) {
    const ok = readable.has(r.name.toLowerCase());
    if (!ok) denied.push(r.name.toLowerCase());
    if (!role) continue;
    // Concurrent grants on one table may collide ("tuple concurrently updated"); the next call repairs.
    if (ok && !r.granted) await attempt(db, sql`grant select on ${sql.id(schema, r.name)} to ${sql.id(DATASOURCE_ROLE)}`);
    if (!ok && r.granted) await attempt(db, sql`revoke all on ${sql.id(schema, r.name)} from ${sql.id(DATASOURCE_ROLE)}`);
  }
  return denied;
}

/** Makes a value JSON-safe: bigint → number (or string beyond 2^53), Uint8Array → base64. */
function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return v;
}

/** The columns of the byte counts added around a page (removed from the rows). */
const ROW_BYTES = 'kd_row_bytes__';
const RUNNING_BYTES = 'kd_answer_bytes__';

function plainRow(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (k !== ROW_BYTES && k !== RUNNING_BYTES) out[k] = plain(v);
  return out;
}

/** A filter that raises an error (text `kd_byte_cap:<n>`) at the first row whose `column` passes `cap`. */
function refuseOver(alias: string, column: string, cap: number) {
  const col = sql.ref(`${alias}.${column}`);
  return sql`case when ${col} > ${sql.lit(cap)} then ('kd_byte_cap:' || ${col})::int = 0 else true end`;
}

/**
 * `page` wrapped so that PostgreSQL counts the answer's bytes while it produces the rows (issue 20 item 4): each
 * row's JSON size (`octet_length(row_to_json(row)::text)`; a row whose stored size alone passes the cap counts as
 * cap+1 without being converted) is checked on its own first — so an oversized row stops the statement before any
 * later step copies it — then a running sum stops it at the first row that takes the answer past `cap`. Neither that
 * row nor any later one crosses to Node; the error text carries `kd_byte_cap:`.
 */
function sized(page: RawBuilder<unknown>, cap: number): RawBuilder<Record<string, unknown>> {
  const rowBytes = sql`case when pg_column_size(kd_page.*) > ${sql.lit(cap)} then ${sql.lit(cap + 1)} else octet_length(row_to_json(kd_page)::text) end`;
  const measured = sql`select kd_page.*, ${rowBytes} as ${sql.id(ROW_BYTES)} from (${page}) as kd_page`;
  const single = sql`select kd_m.* from (${measured}) as kd_m where ${refuseOver('kd_m', ROW_BYTES, cap)}`;
  const running = sql`select kd_s.*, sum(${sql.ref(`kd_s.${ROW_BYTES}`)}) over (rows between unbounded preceding and current row) as ${sql.id(RUNNING_BYTES)} from (${single}) as kd_s`;
  return sql<Record<string, unknown>>`select kd_r.* from (${running}) as kd_r where ${refuseOver('kd_r', RUNNING_BYTES, cap)}`;
}

/**
 * Checks and runs `text` read-only with bound `params` (issue 4 item 7), each model table it reads limited to the rows
 * `viewer` may read (row-scope.ts: never deleted rows; a non-administrator's granted data schemes; null = the system).
 * Rows stop at MAX_ROWS (or the page) and at the byte cap (limits.ts), counted in the database as rows are produced.
 * @throws SqlRefused (bad statement or protected name); AnswerTooLarge (the rows pass the byte cap); PlanRefused on PGlite (planned work too large: the
 *   statement-timeout text); a database error (e.g. permission denied, read-only violation, timeout) propagates as
 *   thrown by the driver — the route reports it as 400 without internals.
 */
export async function runReadOnlySql(db: Db, text: string, params: Record<string, unknown>, page: SqlPage = {}, viewer: SqlViewer = null): Promise<SqlResult> {
  const role = await ensureDataSourceRole(db);
  const readable = await readableTables(db);
  const denied = await syncGrants(db, readable, role);
  const prepared = await prepareSql(text, { protectedNames: denied, schema: await serverSchema(db) });
  const cap = await maxAnswerBytes(db);
  const inner = await scopedStatement(db, prepared, params, viewer);
  const src = sql`(${inner}) as kd_src`;
  const searchCols = (page.searchColumns ?? []).filter((c) => IDENT.test(c));
  const kw = page.keyword?.trim();
  const where =
    kw && searchCols.length
      ? sql` where ${sql.join(
          searchCols.map((c) => sql`cast(${sql.ref(`kd_src.${c}`)} as text) ilike ${`%${kw.replace(/[\\%_]/g, '\\$&')}%`}`),
          sql` or `,
        )}`
      : sql``;
  const sidx = page.sidx && IDENT.test(page.sidx) && (page.sortColumns ?? []).includes(page.sidx) ? page.sidx : null;
  const order = sidx ? sql` order by ${sql.ref(`kd_src.${sidx}`)} ${sql.raw(page.sort === 'asc' ? 'asc' : 'desc')} nulls last` : sql``;
  const paged = page.pageSize !== undefined;
  const size = paged ? Math.min(500, Math.max(1, Math.floor(page.pageSize ?? 20))) : MAX_ROWS;
  const offset = paged ? (Math.max(1, Math.floor(page.currentPage ?? 1)) - 1) * size : 0;
  const pageQuery = sized(sql`select * from ${src}${where}${order} limit ${size} offset ${offset}`, cap);
  const countQuery = sql<{ total: number }>`select count(*)::int as total from (select 1 from ${src}${where} limit ${COUNT_CAP}) as kd_count`;
  const planFirst = await isPglite(db);
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`set local statement_timeout = ${sql.lit(STATEMENT_TIMEOUT)}`.execute(trx);
    if (role) await sql`set local role ${sql.id(DATASOURCE_ROLE)}`.execute(trx);
    if (planFirst) {
      await assertBoundedPlan(trx, pageQuery);
      if (paged) await assertBoundedPlan(trx, countQuery);
    }
    const rows = await pageQuery.execute(trx).catch((e: unknown) => {
      throw e instanceof Error && e.message.includes('kd_byte_cap:') ? new AnswerTooLarge(cap) : e;
    });
    let total: number | null = null;
    if (paged) {
      const c = await countQuery.execute(trx);
      total = Number(c.rows[0]?.total ?? 0);
    }
    return { list: rows.rows.map(plainRow), total };
  });
}
