import { availableParallelism } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';
import { listBudgetFail } from './list-budget-messages';
import { listsSetting } from './list-total';

/**
 * A budget per list request (issue 28 item 3): model list and search statements run
 * - searches (a keyword or search fields: the heavy lists) through a gate of at most `listSlots` at a time per
 *   database (PostgreSQL: the machine's cores − 1, at least 1 and at most the pool's 10 connections − 2, so reads by
 *   id, saves and sign-ins always find a free connection and a core: B18d, 20 searches at once on 2 cores, read by id
 *   p95 2.55× idle with 2 slots, 1.53× with 1; PGlite, whose one session runs statements in arrival order: 1, so a read
 *   by id waits behind at most one search statement, not behind every queued search); with KD_LIST_SEARCH_SHARE
 *   (`searchShare`; off by default) a freed slot rests while searches wait, in proportion to how long it was held;
 *   plain pages (no filter: an index walk and an estimated total) are not gated;
 * - a search whose cost is known small (its total cached, at most LIGHT_MATCHES matches: its page reads those rows
 *   through the keyword's index, about 1.3 ms for 1,111 of 1,000,000 suppliers, as cheap as a plain page) is not
 *   gated either: the gate is for statements whose cost is unknown (a new keyword, counted first) or large. With every
 *   search through one slot, B16 (100 users, a third of the lists with one of 900 keywords) queued its keyword pages
 *   at the gate (p50 417 ms) while the rest of the mix answered in 5–30 ms;
 * - within a time budget (`listTimeoutMs`: 系统配置 → 列表与搜索 `listTimeoutSeconds`, or env KD_LIST_TIMEOUT_MS; default 3,000 ms) counted from the request's arrival
 *   at the gate. On PostgreSQL the statements run on the list pool's connections, which start with
 *   `statement_timeout` at the budget (plugins/db.ts DbFacts.timedDb: no extra round trip; the request still answers
 *   at its deadline when it waited at the gate), or, with KD_PG_LIST_POOL=0, in one transaction with
 *   `SET LOCAL statement_timeout` to what is left; either way the server stops a statement over budget (SQLSTATE 57014). PGlite cannot interrupt a statement
 *   (WebAssembly, no timer signals: statement_timeout is accepted and never fires), so there the request answers
 *   when the budget is spent while the statement finishes on the PGlite thread, still holding its slot.
 * Over budget (waiting included) the request answers code 500 `listTimeout` in the request's language
 * ("查询超时（超过3秒）…").
 */

/** The default budget of a list request, ms. */
export const LIST_TIMEOUT_MS = 3000;

/**
 * The budget of a list request now, ms: env KD_LIST_TIMEOUT_MS (a positive number: an operator's override, and the
 * tests'), else 系统配置 → 列表与搜索 `listTimeoutSeconds` × 1,000 (1–60 s; default 3 s = LIST_TIMEOUT_MS).
 */
export async function listTimeoutMs(db: Db): Promise<number> {
  const v = Number(process.env.KD_LIST_TIMEOUT_MS);
  if (Number.isFinite(v) && v > 0) return v;
  return (await listsSetting(db, 'listTimeoutSeconds')) * 1000;
}

/** PostgreSQL pool size (plugins/db.ts). */
const POOL_SIZE = 10;

/**
 * How many searches may run at once on `db`: env KD_LIST_CONCURRENCY, else on PostgreSQL the cores − 1
 * (os.availableParallelism, clamped to 1…POOL_SIZE − 2) and on PGlite 1 (see the module comment).
 */
export function listSlots(db: Db): number {
  const v = Number(process.env.KD_LIST_CONCURRENCY);
  if (Number.isInteger(v) && v > 0) return v;
  return dbFacts(db).engine === 'postgres' ? Math.min(POOL_SIZE - 2, Math.max(1, availableParallelism() - 1)) : 1;
}

/** A search reading at most this many matches, its total known, is light: not gated (see the module comment). */
export const LIGHT_MATCHES = 2_000;

/** The longest rest of a slot between two waiting searches, ms (Gate `share`). */
const MAX_REST_MS = 50;
/**
 * A queue that would take longer than this to drain at the paced rate is not paced, ms (Gate `share`): 20 searchers
 * (B18d) drain in about 0.1 s and are paced; the first searches of hundreds of keywords right after a start (B16:
 * 900, a third of 100 users' lists) would wait seconds.
 */
const PACED_QUEUE_MS = 1_000;

/**
 * The share of a slot's time searches may use while others wait for it: env KD_LIST_SEARCH_SHARE (0.1–1), else 1 (no
 * rest). At 0.5 a queue of new keywords (each counted first) leaves the database and the event loop half of that
 * slot's time for reads by id, saves and sign-ins (B18d, 20 searchers: a read by id p95 1.8–1.9× idle instead of
 * 2.95×), but the first searches of many keywords right after a start wait longer (B16: keyword p95 864 ms instead
 * of 261 ms), hence off by default. A search that finds the slot free never waits.
 */
export function searchShare(): number {
  const v = Number(process.env.KD_LIST_SEARCH_SHARE);
  return Number.isFinite(v) && v >= 0.1 && v <= 1 ? v : 1;
}

/**
 * A counting semaphore: `acquire` waits for a slot (FIFO); the function it resolves to frees it (once). `share`: while
 * callers wait, a freed slot rests (1 / share − 1) times as long as it was held (at most MAX_REST_MS) before the next
 * caller takes it, unless the queue would then take over PACED_QUEUE_MS to drain; 1 = no rest.
 */
export class Gate {
  #busy = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly size: () => number,
    readonly share: () => number = () => 1,
  ) {}

  /** Slots in use. */
  get busy(): number {
    return this.#busy;
  }

  /** Callers waiting for a slot (monitor and /metrics, issue 23 item 3). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Waits for a slot, at most `timeoutMs` (then rejects with the error `onTimeout` returns and takes no slot).
   * Resolves to the slot's release function.
   */
  acquire(timeoutMs = Number.POSITIVE_INFINITY, onTimeout: () => Error = () => new Error('gate wait timed out')): Promise<() => void> {
    let released = false;
    let since = performance.now();
    const handOver = () => {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#busy--;
    };
    const release = () => {
      if (released) return;
      released = true;
      // With callers waiting, the slot rests in proportion to how long it was held (see `share`), unless the queue
      // would then take over PACED_QUEUE_MS to drain: pacing must not push the searches waiting into their budget.
      const share = this.share();
      const held = performance.now() - since;
      const paced = this.#waiting.length && share < 1 && (this.#waiting.length * held) / share < PACED_QUEUE_MS;
      const rest = paced ? Math.min(MAX_REST_MS, held * (1 / share - 1)) : 0;
      if (rest > 0) setTimeout(handOver, rest);
      else handOver();
    };
    if (this.#busy < this.size()) {
      this.#busy++;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        since = performance.now();
        resolve(release);
      };
      const timer = Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            const i = this.#waiting.indexOf(take);
            if (i >= 0) this.#waiting.splice(i, 1);
            reject(onTimeout());
          }, timeoutMs)
        : undefined;
      this.#waiting.push(take);
    });
  }
}

const gates = new WeakMap<object, Gate>();
/** The list gate of `db` (one per database, shared by its transactions). */
export function listGate(db: Db): Gate {
  const facts = dbFacts(db);
  let g = gates.get(facts);
  if (!g) {
    g = new Gate(() => listSlots(db), searchShare);
    gates.set(facts, g);
  }
  return g;
}

/**
 * Called by a list before its first search statement: waits for a slot of the gate, unless the search is `light`
 * (see the module comment). Once per request (later calls resolve at once); a no-op for a list that is not gated.
 */
export type Admit = (light: boolean) => Promise<void>;

const timeoutError = (ms: number) => listBudgetFail(500, 'listTimeout', { seconds: Math.round((ms / 1000) * 10) / 10 });

/** True for PostgreSQL's "canceling statement due to statement timeout". */
function isStatementTimeout(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '57014';
}

/**
 * Runs `run` on one pooled connection inside a read transaction whose statements PostgreSQL stops after `ms`
 * (`SET LOCAL statement_timeout`). `begin` and the `SET` go as one simple-protocol message, so the budget costs one
 * round trip besides the `commit` (a Kysely transaction and `set_config` cost two). Rolled back when `run` throws.
 */
async function inTimedTransaction<T>(db: Db, ms: number, run: (db: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    // `ms` is a whole number computed here, never input: safe to write into the statement.
    await sql.raw(`begin; set local statement_timeout = ${Math.max(1, Math.round(ms))}`).execute(conn);
    try {
      const result = await run(conn);
      await sql.raw('commit').execute(conn);
      return result;
    } catch (err) {
      await sql.raw('rollback').execute(conn).catch(() => {});
      throw err;
    }
  });
}

/**
 * Runs a list request's statements `run(db, admit)` inside the budget (see the module comment); `run` receives the
 * database or transaction to use and `admit`, which it awaits before its first search statement; `gated`: a search,
 * whose `admit` waits for a slot of the gate (held until `run` settles) unless the search is light.
 * @throws LocalizedError 500 listTimeout over budget; `run`'s errors otherwise.
 */
export async function withListBudget<T>(db: Db, run: (db: Db, admit: Admit) => Promise<T>, gated = true): Promise<T> {
  const ms = await listTimeoutMs(db);
  const started = Date.now();
  let release = () => {};
  let admitted: Promise<void> | null = null;
  // Set once the request has answered (over budget): a slot granted after that is handed straight back.
  let answered = false;
  const admit: Admit = (light) => {
    admitted ??=
      gated && !light
        ? listGate(db).acquire(Math.max(1, ms - (Date.now() - started)), () => timeoutError(ms)).then((r) => {
          if (answered) {
            r();
            throw timeoutError(ms);
          }
          release = r;
        })
      : Promise.resolve();
    return admitted;
  };
  const facts = dbFacts(db);
  const timed = facts.engine === 'postgres' ? (facts.timedDb?.(ms) ?? null) : null;
  // Without the list pool a search runs in a transaction, which must not hold its connection while it waits: the gate first.
  if (gated && facts.engine === 'postgres' && !timed) await admit(false);
  const left = Math.max(1, Math.round(ms - (Date.now() - started)));
  const work = timed ? run(timed, admit) : facts.engine === 'postgres' ? inTimedTransaction(db, left, (tx) => run(tx, admit)) : run(db, admit);
  const settled = work.finally(() => release());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(ms)), left);
  });
  // A request answered at the deadline leaves its statements to finish (PGlite) or be cancelled (PostgreSQL).
  settled.catch(() => {});
  try {
    return await Promise.race([settled, deadline]);
  } catch (err) {
    answered = true;
    if (isStatementTimeout(err)) throw timeoutError(ms);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
