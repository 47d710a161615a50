import { useCallback, useEffect, useRef, useState } from 'react';

/** The state of a card's data: loading (first load or a retry), the data, or the error's message. */
export interface CardData<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
  /** Loads again now. */
  reload: () => void;
}

/**
 * Loads a card's data with `load` on mount and again every `refreshMinutes` minutes (1–1440; null → never), one
 * timer per card, cleared on unmount (reference print-report-portal.md §3 "Refresh"). A later answer replaces an
 * earlier one; an answer arriving after unmount is dropped. `key` changes (another card config) reload at once.
 */
export function useCardData<T>(load: () => Promise<T>, refreshMinutes: number | null, key: string): CardData<T> {
  const [state, setState] = useState<{ loading: boolean; data: T | null; error: string | null }>({ loading: true, data: null, error: null });
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const run = useCallback(() => {
    const n = ++seq.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current().then(
      (data) => {
        if (n === seq.current) setState({ loading: false, data, error: null });
      },
      (e: unknown) => {
        if (n === seq.current) setState({ loading: false, data: null, error: e instanceof Error ? e.message : String(e) });
      },
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key names the card config whose change reloads
  useEffect(() => {
    run();
    const minutes = refreshMinutes && refreshMinutes >= 1 && refreshMinutes <= 1440 ? refreshMinutes : null;
    const timer = minutes ? setInterval(run, minutes * 60_000) : null;
    return () => {
      seq.current++;
      if (timer) clearInterval(timer);
    };
  }, [run, refreshMinutes, key]);
  return { ...state, reload: run };
}
