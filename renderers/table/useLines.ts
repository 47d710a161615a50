import { useCallback, useRef } from 'react';
import type { SummaryRow } from '../../src/engine/summary';
import type { Row } from './TableRow';
import { Totals } from './totals';

/** One change of lines: the array before and after, and each replaced line (undefined for an added or removed one). */
interface Change {
  from: readonly Row[];
  to: readonly Row[];
  pairs: Array<[Row | undefined, Row | undefined]>;
}

/** What {@link useLines} gives the table. */
export interface Lines {
  /** Sets one cell of one line (undefined empties it); no-op when the value is unchanged. */
  setCell: (line: number, column: string, value: unknown) => void;
  /** Removes a line. */
  remove: (line: number) => void;
  /** Swaps line `line` with its neighbour `line + delta` (−1 up, +1 down); false when there is none. */
  move: (line: number, delta: -1 | 1) => boolean;
  /** Appends an empty line; returns its index. */
  add: () => number;
  /** Replaces the lines with `next`, in which the lines at `changed` are new or replaced (a paste). */
  replaceLines: (next: Row[], changed: number[]) => void;
  /** A stable key of a line object (kept across its edits), for React and the virtualiser. */
  keyOf: (row: Row | undefined) => string;
  /** The 合计 row for `rows` (null when the table shows none), kept incrementally. */
  totalsFor: (rows: readonly Row[]) => SummaryRow | null;
}

/**
 * The line operations of a sub-table (issue 25 item 1). Every handler has a stable identity and reads the latest lines
 * from a ref, so the cells' handlers never change between renders; an edit replaces one line object (others keep their
 * identity, so their rows skip rendering); each change is recorded so the 合计 row is updated from the changed lines
 * only (a change from elsewhere — a reload, rounding — rebuilds it). `emit(next)` hands the new array to the form.
 * `derive(line)` returns the line with its calculated cells recomputed (applied to every line an edit, add or paste
 * makes, so lines out of view — not rendered — get them too).
 */
export function useLines(rows: readonly Row[], emit: (next: Row[]) => void, summary: { columns: string[]; sum: string[] } | null, derive: (row: Row) => Row = (r) => r): Lines {
  const latest = useRef(rows);
  const seen = useRef(rows);
  // The form's value wins when it changed since the last render (a reload); otherwise our own last emit does.
  if (seen.current !== rows) {
    seen.current = rows;
    latest.current = rows;
  }
  const emitRef = useRef(emit);
  emitRef.current = emit;
  const deriveRef = useRef(derive);
  deriveRef.current = derive;
  const changes = useRef<Change[]>([]);
  const keys = useRef(new WeakMap<Row, string>());
  const seq = useRef(0);

  const keyOf = useCallback((row: Row | undefined): string => {
    if (!row) return 'none';
    let k = keys.current.get(row);
    if (!k) {
      k = `r${++seq.current}`;
      keys.current.set(row, k);
    }
    return k;
  }, []);

  const commit = useCallback((next: Row[], pairs: Change['pairs']) => {
    changes.current.push({ from: latest.current, to: next, pairs });
    if (changes.current.length > 50) changes.current.splice(0, changes.current.length - 50);
    latest.current = next;
    emitRef.current(next);
  }, []);

  const setCell = useCallback(
    (line: number, column: string, value: unknown) => {
      const cur = latest.current;
      const before = cur[line];
      if (before && Object.is(before[column], value) && (value !== undefined || !(column in before))) return;
      let after: Row = { ...(before ?? {}) };
      if (value === undefined) delete after[column];
      else after[column] = value;
      after = deriveRef.current(after);
      if (before) keys.current.set(after, keyOf(before));
      const next = cur.slice();
      next[line] = after;
      commit(next, [[before, after]]);
    },
    [commit, keyOf],
  );

  const remove = useCallback(
    (line: number) => {
      const cur = latest.current;
      commit(
        cur.filter((_, j) => j !== line),
        [[cur[line], undefined]],
      );
    },
    [commit],
  );

  const move = useCallback(
    (line: number, delta: -1 | 1) => {
      const cur = latest.current;
      const to = line + delta;
      if (line < 0 || to < 0 || line >= cur.length || to >= cur.length) return false;
      // Two slots swapped, the line objects kept (their keys and rendered rows move with them); totals unchanged.
      const next = cur.slice();
      next[line] = cur[to];
      next[to] = cur[line];
      commit(next, []);
      return true;
    },
    [commit],
  );

  const add = useCallback(() => {
    const cur = latest.current;
    const row: Row = deriveRef.current({});
    commit([...cur, row], [[undefined, row]]);
    return cur.length;
  }, [commit]);

  const replaceLines = useCallback(
    (next: Row[], changed: number[]) => {
      const cur = latest.current;
      for (const i of changed) next[i] = deriveRef.current(next[i]);
      for (const i of changed) if (cur[i] && next[i]) keys.current.set(next[i], keyOf(cur[i]));
      commit(
        next,
        changed.map((i) => [cur[i], next[i]]),
      );
    },
    [commit, keyOf],
  );

  const totals = useRef<{ rows: readonly Row[]; totals: Totals; sig: string } | null>(null);
  const totalsFor = (current: readonly Row[]): SummaryRow | null => {
    if (!summary) return null;
    const sig = `${summary.columns.join(',')}|${summary.sum.join(',')}`;
    let t = totals.current;
    if (t && t.sig === sig && t.rows !== current) {
      // Replay our own changes from the lines the totals describe; anything else: rebuild.
      for (const c of changes.current) {
        if (c.from !== t.rows) continue;
        for (const [b, a] of c.pairs) t.totals.replace(b, a);
        t.rows = c.to;
        if (t.rows === current) break;
      }
    }
    if (!t || t.sig !== sig || t.rows !== current) {
      t = { rows: current, totals: new Totals(summary.columns, summary.sum, current), sig };
      totals.current = t;
    }
    // Keep only the changes not rendered yet (from the current lines on).
    const from = changes.current.findIndex((c) => c.from === current);
    changes.current = from < 0 ? [] : changes.current.slice(from);
    return t.totals.row();
  };

  return { setCell, remove, move, add, replaceLines, keyOf, totalsFor };
}
