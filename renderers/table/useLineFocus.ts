import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** Where the keyboard should go: a line's cell (column `col`, else its first), or one of its 上移/下移 buttons. */
export interface LineFocus {
  line: number;
  col?: string;
  move?: 'up' | 'down';
}

/** What {@link useLineFocus} gives the table; both functions keep their identity. */
export interface LineFocusing {
  /** Focuses `want` once the next render has drawn it (after 添加 or a move: the line is not in the page yet). */
  focusSoon: (want: LineFocus) => void;
  /** Focuses `want` now when it is in the page, else scrolls its line into view and focuses it once drawn. */
  focusNow: (want: LineFocus) => void;
  /** The line waiting for the keyboard (after 添加, a move, Enter or a refused save), if any. */
  target: () => number | undefined;
}

/** The element `want` names inside `root`, when rendered (a move button that is disabled falls back to the other). */
function find(root: HTMLElement | null, want: LineFocus): HTMLElement | null {
  if (!root) return null;
  if (want.move) {
    const tr = root.querySelector(`tr[data-index="${want.line}"]`);
    return tr?.querySelector<HTMLElement>(`[data-move="${want.move}"]:not([disabled])`) ?? tr?.querySelector<HTMLElement>('[data-move]:not([disabled])') ?? null;
  }
  const cell = `td[data-row="${want.line}"]${want.col ? `[data-col="${want.col}"]` : ''}`;
  return root.querySelector<HTMLElement>(`${cell} input:not([type="hidden"]):not([disabled]), ${cell} textarea:not([disabled])`);
}

/**
 * Keyboard focus on a line of a sub-table that may be virtualised (issue 25 item 1): a line out of view is scrolled to
 * (`scrollTo(line)`) and focused once the virtualiser has rendered it (tried on up to 5 renders). `root`: the element
 * holding the table's rows.
 */
export function useLineFocus(root: RefObject<HTMLElement | null>, virtual: boolean, scrollTo: (line: number) => void): LineFocusing {
  const pending = useRef<(LineFocus & { tries: number }) | null>(null);
  const latest = useRef({ virtual, scrollTo });
  latest.current = { virtual, scrollTo };

  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    const el = find(root.current, want);
    want.tries += 1;
    if (el || !latest.current.virtual || want.tries > 5) pending.current = null;
    // A virtualised line was scrolled into view already: no scroll (and no layout for it) on focus.
    if (el) el.focus({ preventScroll: latest.current.virtual });
    else if (pending.current) latest.current.scrollTo(want.line);
  });

  const focusSoon = useCallback((want: LineFocus) => {
    pending.current = { ...want, tries: 0 };
  }, []);
  const focusNow = useCallback(
    (want: LineFocus) => {
      const el = find(root.current, want);
      if (el) {
        pending.current = null;
        el.focus();
        return;
      }
      if (!latest.current.virtual) return;
      pending.current = { ...want, tries: 0 };
      latest.current.scrollTo(want.line);
    },
    [root],
  );
  const target = useCallback(() => pending.current?.line, []);
  return { focusSoon, focusNow, target };
}
