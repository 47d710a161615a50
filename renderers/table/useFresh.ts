import { useRef } from 'react';

/**
 * The lines of a virtualised sub-table that come into view with this render (issue 25 item 1, B25a): the indices in
 * `indices` (drawn now) that the previous call did not draw; none on the first call (a first draw is not a jump).
 * Called during render; the same indices again give none.
 */
export function useFresh(indices: readonly number[]): number[] {
  const seen = useRef<Set<number> | null>(null);
  const before = seen.current;
  seen.current = new Set(indices);
  return before ? indices.filter((i) => !before.has(i)) : [];
}
