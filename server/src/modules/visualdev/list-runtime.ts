import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { columnExpr, holdsMs } from './bound-times';
import { type ColumnData, summaryColumns } from './column-data';
import { charCount, SHORT_KEYWORD_SCAN_MAX, TRIGRAM_MIN } from './keyword-index';
import { commonTrigrams } from './keyword-trigrams';
import { type Admit, LIGHT_MATCHES } from './list-budget';
import { type CachedTotal, writeEpoch } from './list-cache';
import { type ListFilter, type ListFilterInput, listFilter } from './list-filter';
import { filtered, keysetable, keysetPage, ordered } from './list-keyset';
import { estimate, listTotal, peekTotal, rememberTotal, totalCap } from './list-total';
import { boundValue } from './model-bind';
import type { LoadedModel } from './model-store';
import { attachSubTables, type ModelRow, raw, rowsAsJson, selectColumns, toRow } from './onlinedev-repository';

/**
 * One page of a model list (issue 4 item 3; design.md §6 lists; performance.md §2):
 * - order and keyset paging: list-keyset.ts (`sidx` or the default (created_at, id), NULLs in PostgreSQL's natural
 *   place, ties by created_at and id, pages read by key through the column's index);
 * - list type 3 (group rows) and jsonb sort columns: a deferred join (`WHERE id IN (SELECT id … ORDER BY … LIMIT …
 *   OFFSET …)`), so skipped rows cost only their index entries;
 * - total (and the summary row's sums): list-total.ts (estimate, capped or exact count; cached, cleared by writes),
 *   read before the page, counted up to the 系统配置 cap (totalCap, issue 28 item 2): a keyword or fuzzy search with
 *   at most MATCHES_FIRST_MAX matches reads its page matches-first (list-keyset.ts `filtered`; issue 28 item 1),
 *   bounded by the matches, never a walk of the whole order index; with more matches (up to a cap raised above it)
 *   the page walks the order's index, where matches are then dense enough to fill a page quickly.
 */

/**
 * Up to this many matches a keyword or fuzzy page is read matches-first (the matches are ordered in memory, so the
 * bound keeps that sort small, whatever the total cap); it is also the first-page probe's fence.
 */
export const MATCHES_FIRST_MAX = 10_000;

/** A list request after the route's checks. */
export interface ListRequest extends ListFilterInput {
  currentPage: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  /** A declared sortable column, or '' for the default order. */
  sidx: string;
  /** Return the summary row (sums of the summary columns over the whole filtered set). */
  summary?: boolean;
  /** The signed-in user: rows of a flow-enabled model carry flowAudit for them (flow-state.ts). */
  viewer?: string;
}

/**
 * The reply of a list (design.md §6) plus the summary row and, for list type 3, the groups on the page.
 * `pagination.totalEstimated`: total is the planner's estimate; `pagination.totalCapped`: there are more than
 * the cap (totalCap, default 10,000) rows and total is the cap + 1.
 */
export interface ListPage {
  list: ModelRow[];
  pagination: { currentPage: number; pageSize: number; total: number; totalEstimated?: true; totalCapped?: true };
  /** Summed column → its sum: a number, or an exact column's decimal text beyond what a number holds (src/engine/exactNumber.ts). */
  summary?: Record<string, number | string>;
  groupField?: string;
  groups?: Array<{ value: unknown; total: number }>;
}

type Q = ReturnType<typeof filtered>;

/** Reads a page in a grouped order (or by a jsonb column) with a deferred join. */
async function deferredPage(db: Db, model: LoadedModel, filter: ListFilter, req: ListRequest, groupField: string | undefined): Promise<Record<string, unknown>[]> {
  const ids = ordered(filtered(db, model, filter), req, groupField, model)
    .select('id')
    .limit(req.pageSize)
    .offset((req.currentPage - 1) * req.pageSize);
  const q = raw(db).selectFrom(model.table).where('id', 'in', ids as never) as unknown as Q;
  return rowsAsJson(db, ordered(q, req, groupField, model).select(selectColumns(model, filter.viewer)));
}

/**
 * The groups of a type-3 list's page: each group value on the page with its total under the filter. A bound time
 * column (issue 13 item 3) is grouped by its ms (bound-times.ts columnExpr), the value its rows carry.
 */
async function groupsOf(db: Db, model: LoadedModel, filter: ListFilter, field: string, rows: ModelRow[]): Promise<Array<{ value: unknown; total: number }>> {
  const values = [...new Set(rows.map((r) => r[field]))];
  const nonNull = values.filter((v) => v !== null && v !== undefined);
  const col = model.columns.find((c) => c.name === field);
  const json = col?.type === 'jsonb';
  const bound = nonNull.map((v) => (json ? sql`cast(${JSON.stringify(v)}::text as jsonb)` : holdsMs(col) ? sql`cast(${v} as double precision)` : v));
  const ref = columnExpr(col, field);
  const counts = await filtered(db, model, filter)
    .where((eb) => eb.or([...(bound.length ? [eb(ref as never, 'in', bound as never)] : []), ...(values.length > nonNull.length ? [eb(ref as never, 'is', null)] : [])]))
    .select([ref.as('__g'), sql<number>`count(*)::int`.as('__n')])
    .groupBy(ref as never)
    .execute();
  const byValue = new Map(counts.map((c) => [JSON.stringify(col ? boundValue(col, c.__g) : (c.__g ?? null)), Number(c.__n)]));
  return values.map((v) => ({ value: v ?? null, total: byValue.get(JSON.stringify(v ?? null)) ?? 0 }));
}

const isShort = (v: unknown) => typeof v === 'string' && v.trim() !== '' && charCount(v.trim()) < TRIGRAM_MIN;

/**
 * True when the request's keyword or a fuzzy value is too short for a trigram index and the table is big enough
 * (planner estimate ≥ SHORT_KEYWORD_SCAN_MAX) for the short-keyword prefix rule (keyword-index.ts).
 */
async function shortPrefixRule(db: Db, model: LoadedModel, req: ListFilterInput): Promise<boolean> {
  if (!isShort(req.keyword) && !Object.values(req.query ?? {}).some(isShort)) return false;
  return (await estimate(db, model.table)) >= SHORT_KEYWORD_SCAN_MAX;
}

/**
 * A page of a keyword or fuzzy search (`filter.textSearch`) whose total is not cached, and that total, in ONE statement: at most
 * `fence` + 1 matches (the cap, at most MATCHES_FIRST_MAX) read through their indexes, counted, ordered, the page taken
 * (list-keyset.ts `filtered` with `probe`; a later page by offset). Null when it does not apply, when a later page is
 * past the matches (no row carries the count), or when there are more than the fence's
 * matches under a cap above it (the total is then counted by listTotal). With more matches than a cap ≤ the fence the
 * total is the capped one (cap + 1, `capped`) and `rows` null: the page is then read in the order's index as usual.
 * The total is cached like listTotal's.
 */
async function probeFirstPage(db: Db, model: LoadedModel, filter: ListFilter, req: ListRequest, cap: number): Promise<{ total: CachedTotal; rows: Record<string, unknown>[] | null } | null> {
  const fence = Math.min(cap, MATCHES_FIRST_MAX);
  const rows = await keysetPage(db, model, { ...filter, matchesFirst: true, probe: fence + 1, key: `${filter.key}|p${fence}` }, req, req.currentPage, req.pageSize);
  if (!rows.length && req.currentPage > 1) return null;
  const n = rows.length ? Number(rows[0].__n) : 0;
  if (n > fence && cap > fence) return null;
  const total: CachedTotal = n > cap ? { total: cap + 1, capped: true } : { total: n };
  rememberTotal(db, model, filter, cap, total);
  return { total, rows: n > cap ? null : rows };
}

/**
 * One page of records, the total, and (as asked) the summary sums and groups. `admit` (list-budget.ts) is awaited
 * before the first statement that reads the model's rows, light when the filter's total is cached and small (a
 * matches-first page of at most LIGHT_MATCHES rows). @throws LocalizedError 400 (filter).
 */
export async function listPage(db: Db, model: LoadedModel, req: ListRequest, admit?: Admit): Promise<ListPage> {
  const cd = model.record.columnData as ColumnData;
  // The write epoch before anything is read: answers overlapping a matching write are not cached (list-cache.ts).
  const since = writeEpoch(db, model.record.id);
  const common = req.keyword || req.query ? commonTrigrams(db, model) : null;
  const filter = { ...listFilter(model, { ...req, shortPrefix: await shortPrefixRule(db, model, req), commonTrigrams: common }), since, viewer: req.viewer };
  const groupField = cd.type === 3 && cd.groupField && model.columns.some((c) => c.name === cd.groupField) ? cd.groupField : undefined;
  const sums = req.summary ? summaryColumns(model.layout, cd) : [];
  const useKeyset = !groupField && keysetable(model, req);
  const cap = await totalCap(db);
  // A keyword or fuzzy search's cached total (read once: it counts as a hit or a miss) decides its lane and whether to probe.
  const probeable = useKeyset && !sums.length && filter.textSearch;
  const known = probeable ? peekTotal(db, model, filter, cap) : undefined;
  await admit?.(!!known && !known.capped && known.total <= LIGHT_MATCHES);
  const probed = probeable && !known ? await probeFirstPage(db, model, filter, req, cap) : null;
  const { total, summary, estimated, capped } = probed?.total ?? (await listTotal(db, model, filter, sums, cap));
  // Few matches of a keyword or fuzzy search (an exact total up to MATCHES_FIRST_MAX): read them first, then order them.
  const pageFilter = filter.textSearch && !capped && !estimated && total <= MATCHES_FIRST_MAX ? { ...filter, matchesFirst: true, key: `${filter.key}|m` } : filter;
  const raws = probed?.rows ? probed.rows : useKeyset ? await keysetPage(db, model, pageFilter, req, req.currentPage, req.pageSize) : await deferredPage(db, model, pageFilter, req, groupField);
  const list = raws.map((r) => toRow(model, r));
  await attachSubTables(db, model, list);
  const out: ListPage = { list, pagination: { currentPage: req.currentPage, pageSize: req.pageSize, total, ...(estimated ? { totalEstimated: true as const } : {}), ...(capped ? { totalCapped: true as const } : {}) } };
  if (req.summary) out.summary = summary ?? {};
  if (groupField) {
    out.groupField = groupField;
    out.groups = await groupsOf(db, model, filter, groupField, list);
  }
  return out;
}

/** Every record matching a filter in list order, up to `max + 1` rows (exports check the overflow). */
export async function allRows(db: Db, model: LoadedModel, input: ListFilterInput & { sort: 'asc' | 'desc'; sidx: string }, max: number): Promise<ModelRow[]> {
  const filter = listFilter(model, input);
  const req = { sidx: input.sidx, sort: input.sort };
  const rows = await ordered(filtered(db, model, filter), req, undefined, model)
    .select(selectColumns(model))
    .limit(max + 1)
    .execute();
  return rows.map((r) => toRow(model, r));
}
