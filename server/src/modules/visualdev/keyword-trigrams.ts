import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';
import { type ColumnData, keywordColumns } from './column-data';
import { SHORT_KEYWORD_SCAN_MAX, TRIGRAM_MIN, trigramSchema } from './keyword-index';
import type { LoadedModel } from './model-store';
import { modelSchema, modelTable } from './model-table';

/**
 * Common trigrams of the keyword columns (issue 28 item 1). A GIN trigram index reads the whole posting list of every
 * trigram of the keyword, and a trigram found in most rows (each supplier name's "供应商", each company's "有限公"
 * and "限公司") costs far more than the rare ones that decide the matches: on 1,000,000 supplier names the index
 * part of `ILIKE '%供应商456%'` took 2.7 ms, that of `ILIKE '%商456%'` 0.2 ms, for the same 1,145 candidate rows.
 * So a keyword column's common 3-character windows are sampled (COMMON_SHARE of the rows or more; up to SAMPLE_ROWS
 * rows, `TABLESAMPLE SYSTEM` over the whole table, on tables the planner estimates at SHORT_KEYWORD_SCAN_MAX rows or more), kept per
 * database, table and column for REFRESH_MS and sampled again in the background after it (a list never waits for a
 * sample; until the first is in, keywords use every trigram). list-filter.ts then gives the index the longest part
 * of the keyword made of uncommon windows (`indexPart`), and checks the whole keyword on the candidate rows only.
 * The rows found are the same either way: the part is a substring of the keyword.
 */

/** Rows sampled per table (about; at most three times as many). */
const SAMPLE_ROWS = 2_000;
/**
 * A window found in at least this share of the sampled rows is common: high enough that the sample (whole blocks,
 * so neighbouring rows alike) never calls a merely frequent window common, which would hand the index a part that
 * matches many more rows than the keyword.
 */
const COMMON_SHARE = 0.2;
/** How long a sample stands before the next is taken in the background, ms. */
const REFRESH_MS = 10 * 60_000;

/** A table's sample: column → its common lower-cased 3-character windows. */
export interface CommonTrigrams {
  columns: ReadonlyMap<string, ReadonlySet<string>>;
  /** The database's pg_trgm counts letters outside ASCII (CJK, accented) as parts of words (its locale's ctype). */
  wide: boolean;
}

interface Entry {
  at: number;
  value: CommonTrigrams | null;
  loading: Promise<void> | null;
}

const caches = new WeakMap<object, Map<string, Entry>>();

/** One column's common windows, sampled (see the module comment). */
async function sampleColumn(db: Db, table: string, column: string, percent: number): Promise<Set<string>> {
  const col = sql.ref(column);
  const r = await sql<{ w: string }>`with s as materialized (
      select pg_catalog.row_number() over () as i, pg_catalog.lower(${col}) as v
      from ${modelTable(db, table)} tablesample system (${sql.lit(percent)}) where ${col} is not null limit ${sql.lit(SAMPLE_ROWS * 3)})
    select x.w from (select distinct s.i, pg_catalog.substr(s.v, g, 3) as w from s, pg_catalog.generate_series(1, pg_catalog.char_length(s.v) - 2) as g) as x
    group by x.w having pg_catalog.count(*) >= ${sql.lit(COMMON_SHARE)} * (select pg_catalog.count(*) from s) and (select pg_catalog.count(*) from s) >= 100`.execute(db);
  return new Set(r.rows.map((x) => x.w));
}

/**
 * Samples the keyword columns of `model` (see the module comment); no columns when the table is estimated under
 * SHORT_KEYWORD_SCAN_MAX rows (pg_class.reltuples) or pg_trgm is missing.
 */
async function sample(db: Db, model: LoadedModel): Promise<CommonTrigrams> {
  const ns = await trigramSchema(db);
  const columns = new Map<string, Set<string>>();
  if (!ns) return { columns, wide: false };
  const r = await sql<{ rows: number | string | null; wide: number | null }>`select
      (select c.reltuples from pg_catalog.pg_class c where c.oid = pg_catalog.to_regclass(pg_catalog.format('%I.%I', ${modelSchema(db)}::text, ${model.table}::text))) as rows,
      pg_catalog.array_length(${sql.id(ns)}.show_trgm('供应商'), 1) as wide`.execute(db);
  const rows = Number(r.rows[0]?.rows ?? -1);
  const wide = Number(r.rows[0]?.wide ?? 0) > 0;
  if (!(rows >= SHORT_KEYWORD_SCAN_MAX)) return { columns, wide };
  // Blocks for about SAMPLE_ROWS rows spread over the whole table (a LIMIT would keep the first blocks only).
  const percent = Math.min(100, Math.max(0.001, Math.round(((SAMPLE_ROWS * 100) / rows) * 1000) / 1000));
  for (const col of keywordColumns(model.layout, model.record.columnData as ColumnData)) columns.set(col, await sampleColumn(db, model.table, col, percent));
  return { columns, wide };
}

/**
 * The common windows of `model`'s keyword columns as last sampled, or null before the first sample is in. Starts a
 * sample in the background when there is none or it is older than REFRESH_MS (one at a time per table); a failed
 * sample is logged and tried again at the next call after REFRESH_MS.
 */
export function commonTrigrams(db: Db, model: LoadedModel): CommonTrigrams | null {
  const facts = dbFacts(db);
  let byTable = caches.get(facts);
  if (!byTable) {
    byTable = new Map();
    caches.set(facts, byTable);
  }
  let e = byTable.get(model.table);
  if (!e) {
    e = { at: 0, value: null, loading: null };
    byTable.set(model.table, e);
  }
  const entry = e;
  if (!entry.loading && Date.now() - entry.at >= REFRESH_MS) {
    entry.at = Date.now();
    entry.loading = sample(db, model).then(
      (value) => {
        entry.value = value;
        entry.at = Date.now();
        entry.loading = null;
      },
      (err) => {
        console.warn(`[visualdev] common trigrams of ${model.table}: ${(err as Error).message}`);
        entry.loading = null;
      },
    );
  }
  return entry.value;
}

/** Waits for the sample commonTrigrams started for `model` (tests, benchmarks); the windows then known. */
export async function commonTrigramsLoaded(db: Db, model: LoadedModel): Promise<CommonTrigrams | null> {
  commonTrigrams(db, model);
  await caches.get(dbFacts(db))?.get(model.table)?.loading;
  return commonTrigrams(db, model);
}

const ASCII_WORD = /^[a-z0-9]$/;
const WORD = /^[\p{L}\p{N}]$/u;

/**
 * The part of `text` to give `column`'s trigram index (see the module comment): the longest run of its 3-character
 * windows that are word characters for pg_trgm and not common in the column, as the substring they span; null when the whole
 * text is that run (nothing to gain) or no window qualifies (the whole text then goes to the index as before).
 */
export function indexPart(text: string, column: string, common: CommonTrigrams | null | undefined): string | null {
  const windows = common?.columns.get(column);
  if (!windows?.size) return null;
  const chars = Array.from(text.toLowerCase());
  // a letter whose lower case is longer (İ → i̇) would shift the windows against the text: left alone
  if (chars.length < TRIGRAM_MIN || chars.length !== Array.from(text).length) return null;
  const wide = common?.wide === true;
  const word = chars.map((c) => ASCII_WORD.test(c) || (wide && WORD.test(c)));
  let best = { start: 0, len: 0 };
  let start = 0;
  let len = 0;
  for (let i = 0; i + TRIGRAM_MIN <= chars.length; i++) {
    const ok = word[i] && word[i + 1] && word[i + 2] && !windows.has(chars[i] + chars[i + 1] + chars[i + 2]);
    if (ok) {
      if (!len) start = i;
      len++;
      if (len > best.len) best = { start, len };
    } else len = 0;
  }
  if (!best.len || best.len === chars.length - TRIGRAM_MIN + 1) return null;
  return Array.from(text).slice(best.start, best.start + best.len + TRIGRAM_MIN - 1).join('');
}
