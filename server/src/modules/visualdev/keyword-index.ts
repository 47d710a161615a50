import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';
import { type ColumnData, keywordColumns } from './column-data';
import type { ModelLayout } from './model-layout';
import { modelSchema, modelTable } from './model-table';

/**
 * Index-backed keyword search (issue 28 item 1). The text columns a model's keyword searches (keywordColumns: the
 * text columns of `columnData.searchList`, which fuzzy search fields use too) get two indexes each, created and
 * dropped with the model's search configuration:
 * - `<table>__<col>_kwt`: GIN `(col gin_trgm_ops)` (pg_trgm, migration 0550): serves `col ILIKE '%kw%'` for keywords
 *   of 3 or more characters, one predicate per column OR'ed (list-filter.ts), so the planner combines the columns'
 *   bitmaps instead of scanning the table; skipped where pg_trgm is not installed. Built `fastupdate = off`: with
 *   GIN's default pending list every search also reads every entry written since the last vacuum (up to 4 MB; 5,000
 *   updated rows of 1,000,000 took a keyword page from 4.4 to 8.5 ms), and an update of any indexed column rewrites
 *   the row's trigram entries; an index built before this is altered so at the next sync and its list flushed;
 * - `<table>__<col>_kwp`: btree `(lower(col) text_pattern_ops)`: serves the short-keyword rule below.
 * Keywords of 1–2 characters hold no trigram, so no trigram index can serve them. Rule (SHORT_KEYWORD_SCAN_MAX):
 * on a table the planner estimates below 50,000 rows they still match anywhere in the text (a scan of a small
 * table is cheap); on a larger table they match the start of the text (`lower(col)` in the range [kw, kw⁺), the
 * btree above), never a full scan.
 * On PostgreSQL, outside a transaction, indexes are built and dropped CONCURRENTLY (writes to the table go on while a
 * big table is indexed); inside a transaction (or on PGlite, one session) plainly. An index left invalid by a failed
 * concurrent build is dropped and built again at the next sync.
 */

/** Tables estimated at this many rows or more apply the short-keyword prefix rule (see the module comment). */
export const SHORT_KEYWORD_SCAN_MAX = 50_000;

/** Keywords shorter than this many characters (code points) hold no trigram. */
export const TRIGRAM_MIN = 3;

const SUFFIX = /_kw[tp]$/;

function indexName(table: string, col: string, kind: 't' | 'p'): string {
  const base = `${table}__${col}_kw${kind}`;
  return base.length <= 63 ? base : `${table.slice(0, 40)}__${createHash('sha1').update(base).digest('hex').slice(0, 12)}_kw${kind}`;
}

const trgmSchemas = new WeakMap<object, Promise<string | null>>();

/** The schema pg_trgm is installed in, or null (asked once per database). */
export function trigramSchema(db: Db): Promise<string | null> {
  const facts = dbFacts(db);
  let hit = trgmSchemas.get(facts);
  if (!hit) {
    hit = sql<{ s: string }>`select n.nspname as s from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`
      .execute(db)
      .then((r) => r.rows[0]?.s ?? null);
    trgmSchemas.set(facts, hit);
    hit.catch(() => trgmSchemas.delete(facts));
  }
  return hit;
}

/** The keyword indexes a model wants: name → the `using …` part of its CREATE INDEX. */
async function wanted(db: Db, layout: ModelLayout, cd: Partial<ColumnData>): Promise<Map<string, ReturnType<typeof sql>>> {
  const ns = await trigramSchema(db);
  const out = new Map<string, ReturnType<typeof sql>>();
  for (const col of keywordColumns(layout, cd as ColumnData)) {
    if (ns) out.set(indexName(layout.table, col, 't'), sql`using gin (${sql.id(col)} ${sql.id(ns)}.gin_trgm_ops) with (fastupdate = off)`);
    out.set(indexName(layout.table, col, 'p'), sql`using btree (pg_catalog.lower(${sql.id(col)}) pg_catalog.text_pattern_ops)`);
  }
  return out;
}

/** Turns a GIN index built before `fastupdate = off` (see the module comment) to it and flushes its pending list. */
async function withoutPendingList(db: Db, name: string): Promise<void> {
  await sql`alter index ${sql.id(modelSchema(db), name)} set (fastupdate = off)`.execute(db);
  await sql`select pg_catalog.gin_clean_pending_list(pg_catalog.to_regclass(pg_catalog.format('%I.%I', ${modelSchema(db)}::text, ${name}::text)))`.execute(db);
}

/**
 * Makes the keyword indexes of a model's main table match its search configuration (see the module comment): creates
 * the missing ones, drops those of columns no longer searched and invalid ones. Returns the names created and dropped.
 * Errors: database errors (a concurrent build that fails leaves an invalid index, dropped at the next sync).
 */
export async function syncKeywordIndexes(db: Db, layout: ModelLayout, cd: Partial<ColumnData>): Promise<{ created: string[]; dropped: string[] }> {
  const want = await wanted(db, layout, cd);
  const have = await sql<{ name: string; valid: boolean; slow: boolean }>`select c.relname as name, i.indisvalid as valid,
      am.amname = 'gin' and not coalesce('fastupdate=off' = any(c.reloptions), false) as slow from pg_catalog.pg_index i
    join pg_catalog.pg_class c on c.oid = i.indexrelid join pg_catalog.pg_am am on am.oid = c.relam join pg_catalog.pg_class t on t.oid = i.indrelid join pg_catalog.pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${modelSchema(db)} and t.relname = ${layout.table}`.execute(db);
  const concurrently = dbFacts(db).engine === 'postgres' && !db.isTransaction ? sql`concurrently` : sql``;
  const created: string[] = [];
  const dropped: string[] = [];
  const valid = new Set<string>();
  for (const { name, valid: ok, slow } of have.rows) {
    if (!SUFFIX.test(name)) continue;
    if (ok && want.has(name)) {
      valid.add(name);
      if (slow) await withoutPendingList(db, name);
      continue;
    }
    await sql`drop index ${concurrently} if exists ${sql.id(modelSchema(db), name)}`.execute(db);
    dropped.push(name);
  }
  for (const [name, using] of want) {
    if (valid.has(name)) continue;
    await sql`create index ${concurrently} if not exists ${sql.id(name)} on ${modelTable(db, layout.table)} ${using}`.execute(db);
    created.push(name);
  }
  return { created, dropped };
}

/** The code points of `s`. */
export function charCount(s: string): number {
  return Array.from(s).length;
}

/**
 * The half-open range of lower-cased texts starting with `prefix` (lower-cased): `[lo, hi)` under byte order
 * (text_pattern_ops' `~>=~` / `~<~`; UTF-8 byte order is code point order), `hi` being `lo` with its last code point
 * incremented. Null for an empty prefix.
 */
export function prefixRange(prefix: string): { lo: string; hi: string } | null {
  const lo = prefix.toLowerCase();
  const cps = Array.from(lo);
  if (!cps.length) return null;
  const last = cps.pop()!.codePointAt(0)!;
  let next = last + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  return { lo, hi: cps.join('') + String.fromCodePoint(Math.min(next, 0x10ffff)) };
}
