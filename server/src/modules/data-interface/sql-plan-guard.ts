import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';

/**
 * The run-away guard of data-source SQL on PGlite (issue 4 item 7). PostgreSQL stops a data-source statement after
 * `statement_timeout` (5 s); PGlite runs in this process's thread and cannot interrupt a statement, so there a
 * statement is judged BEFORE it runs, from the planner's own plan (`EXPLAIN (FORMAT JSON)`, which costs no execution):
 * - the estimated total cost of each statement of the call (the page and the bounded count) must not exceed
 *   MAX_PLAN_COST — measured on this machine, about 2–5 s of PGlite work (e.g. counting ~4 million generated rows, or
 *   sorting ~1 million rows); a cross join that must be sorted, an unbounded `generate_series` that is aggregated or a
 *   join of large tables without an index are refused;
 * - a recursive CTE (whose termination the planner cannot estimate) may only feed rows to the statement's LIMIT
 *   through non-blocking steps (Limit, Subquery Scan, CTE Scan and Result without a filter): then PostgreSQL stops
 *   pulling rows when the page is full. A recursive CTE under an aggregate, sort, join, hash or a filter is refused.
 * A refusal throws `canceling statement due to statement timeout (…)`, the PostgreSQL path's own error text, so the
 * caller reports it in the same words (`SQL 执行失败：canceling statement due to statement timeout …`).
 * What it does not guarantee: the planner's cost is an estimate; functions whose cost it does not know (e.g. a slow
 * regular expression on a long text) may still take longer than their estimate; the row caps (MAX_ROWS, COUNT_CAP)
 * still bound what is returned and counted.
 */

/** Largest planner cost a data-source statement may have on PGlite (see the module comment). */
export const MAX_PLAN_COST = 50_000;

/** Plan nodes that pass rows on one by one, so a Limit above them stops the work below. */
const STREAMING = new Set(['Limit', 'Subquery Scan', 'CTE Scan', 'Result', 'WorkTable Scan']);

interface PlanNode {
  'Node Type': string;
  'Total Cost'?: number;
  Filter?: string;
  Plans?: PlanNode[];
}

const pgliteState = new WeakMap<Db, Promise<boolean>>();

/** True when `db` runs on PGlite (its version string names the WebAssembly build); cached per database. */
export function isPglite(db: Db): Promise<boolean> {
  let p = pgliteState.get(db);
  if (!p) {
    p = sql<{ v: string }>`select version() as v`
      .execute(db)
      .then((r) => /wasm32|emscripten|emcc/i.test(r.rows[0]?.v ?? ''))
      .catch(() => false);
    pgliteState.set(db, p);
  }
  return p;
}

/** The error PostgreSQL raises when statement_timeout fires, with the reason the plan was refused. */
export class PlanRefused extends Error {
  constructor(readonly why: 'cost' | 'recursive') {
    super(`canceling statement due to statement timeout (PGlite: ${why === 'cost' ? 'the planned work exceeds the limit' : 'an unbounded recursive query'})`);
  }
}

/** Finds a recursive union that feeds a blocking step (not stopped by a Limit above it). */
function unboundedRecursion(node: PlanNode, blocked: boolean): boolean {
  const type = node['Node Type'];
  if (type === 'Recursive Union' && blocked) return true;
  const next = type === 'Limit' ? false : blocked || !STREAMING.has(type) || !!node.Filter;
  return (node.Plans ?? []).some((p) => unboundedRecursion(p, type === 'Recursive Union' ? blocked : next));
}

/**
 * Plans `query` (in the caller's transaction) and throws PlanRefused when it is too costly or holds an unbounded
 * recursive CTE (see the module comment).
 */
export async function assertBoundedPlan(trx: Db, query: RawBuilder<unknown>): Promise<void> {
  const res = await sql<Record<string, unknown>>`explain (format json) ${query}`.execute(trx);
  const raw = Object.values(res.rows[0] ?? {})[0];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const plan = doc?.[0]?.Plan;
  if (!plan) return;
  if ((plan['Total Cost'] ?? 0) > MAX_PLAN_COST) throw new PlanRefused('cost');
  if (unboundedRecursion(plan, false)) throw new PlanRefused('recursive');
}
