import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGliteStatements } from './pglite-statements';

/** Node's own setImmediate, taken at load so that a test faking timers cannot stall the database. */
const immediate = globalThis.setImmediate;

/** Resolves on the next turn of the event loop, after pending I/O callbacks (setImmediate). */
const nextTurn = () => new Promise<void>((resolve) => immediate(resolve));

/** The two hooks of a turn budget: `gate` before a statement, `touch` when one has finished. */
interface TurnBudget {
  /** undefined when the statement may run now (no promise, no extra microtask), else a promise for a later turn. */
  gate: () => Promise<void> | undefined;
  /** Marks this turn as used by PGlite (a statement started in an earlier turn may finish in this one). */
  touch: () => void;
}

/**
 * Lets statements run for `budgetMs` (ms) per event-loop turn, counted from the first statement that starts or
 * finishes in that turn; the next one then waits for the next turn.
 */
function turnBudget(budgetMs: number): TurnBudget {
  let windowStart = -1;
  const open = () => {
    windowStart = performance.now();
    immediate(() => {
      windowStart = -1;
    });
  };
  const gate = (): Promise<void> | undefined => {
    if (windowStart < 0) {
      open();
      return undefined;
    }
    if (performance.now() - windowStart < budgetMs) return undefined;
    return nextTurn().then(() => gate());
  };
  const touch = () => {
    if (windowStart < 0) open();
  };
  return { gate, touch };
}

/**
 * `pglite` with its `query` run by PGliteStatements (one round trip, prepared reads) and passed through the turn
 * budget; every other member is the instance's own.
 */
function gated(pglite: PGlite, budget: TurnBudget): PGlite {
  type Args = Parameters<PGlite['query']>;
  const statements = new PGliteStatements(pglite);
  const run = <T>([sql, params]: Args) => statements.query<T>(sql, params ?? []).finally(budget.touch);
  const query = <T>(...args: Args) => {
    const wait = budget.gate();
    return wait ? wait.then(() => run<T>(args)) : run<T>(args);
  };
  return new Proxy(pglite, {
    get(target, prop) {
      if (prop === 'query') return query;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Kysely's PGlite dialect with the event loop kept responsive (issue 4 item 9: "the event loop never blocked longer
 * than 20 ms"). PGlite runs each statement synchronously on the main thread (about 0.3–1 ms for a list page), and the
 * stock driver starts the next queued statement in a microtask, so under load a whole queue ran in one turn while
 * timers, sockets and new requests waited (p99 47 ms, max 159 ms with 10 requests in flight). Here statements run
 * for `budgetMs` (ms) of each event-loop turn and the next one waits for the next turn, so a turn is blocked for about
 * the budget plus one statement. The default 0 runs one statement per turn: in the list bench it gave the lowest loop
 * delay (p99 4.5–11 ms; 5 ms gave ~20 ms) at no measurable cost in CPU. Statements go through PGliteStatements (one
 * protocol round trip each, reads prepared). Same SQL, same results, same order. Used for a PGlite the caller opened
 * and runs in process (buildApp's `pglite`: template building in tests, the B5i bench); the server's own PGlite runs
 * on a thread of its own instead (pglite-thread.ts), where no statement can hold up the event loop.
 * Errors: none of its own; query errors are PGlite's, as before.
 */
export class YieldingPGliteDialect extends PGliteDialect {
  constructor(pglite: PGlite, budgetMs = 0) {
    super(gated(pglite, turnBudget(budgetMs)));
  }
}
