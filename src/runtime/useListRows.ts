import { useEffect, useRef, useState } from 'react';
import type * as onlineDev from '../api/onlineDev';
import type { RecordSource } from './source';

/** The state of a list's current page (design.md §6 list reply, with summary and groups). */
export interface ListRowsState {
  rows: onlineDev.ModelData[];
  total: number;
  /** The total is an estimate (large unfiltered table) or capped (more than 10,000 rows; total = 10,001). */
  totalEstimated?: boolean;
  totalCapped?: boolean;
  loading: boolean;
  /** Summed column → its sum: a number, or an exact column's decimal text beyond what a number holds (src/engine/exactNumber.ts). */
  summary?: Record<string, number | string>;
  /** Why the last load failed (the server's or the network's message), absent after a successful load (issue 25 item 3). */
  error?: string;
  groupField?: string;
  groups?: Array<{ value: unknown; total: number }>;
}

/**
 * Loads one page of a list from its record source (a model's POST …/OnlineDev/{id}/List, spec 001 §7, or a built-in
 * page's list call; issue 26) whenever the query or `reloadKey`
 * changes; a later query wins over a slower earlier one. A failed load stops the loading indicator and reports its
 * reason in `error` (the list then shows an error state with a retry, never the empty state). Only non-empty query keys are sent.
 */
export function useListRows(source: RecordSource, query: onlineDev.ListQuery, reloadKey: number): ListRowsState {
  const [state, setState] = useState<ListRowsState>({ rows: [], total: 0, loading: true });
  const seq = useRef(0);
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for query; reloadKey is a reload trigger
  useEffect(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    const body = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as unknown as onlineDev.ListQuery;
    source
      .list(body)
      .then((page) => {
        if (mine !== seq.current) return;
        setState({
          rows: page.list ?? [],
          total: page.pagination?.total ?? page.list?.length ?? 0,
          totalEstimated: page.pagination?.totalEstimated === true,
          totalCapped: page.pagination?.totalCapped === true,
          loading: false,
          summary: page.summary,
          groupField: page.groupField,
          groups: page.groups,
        });
      })
      .catch((e: unknown) => mine === seq.current && setState({ rows: [], total: 0, loading: false, error: e instanceof Error && e.message ? e.message : String(e) }));
  }, [source, key, reloadKey]);
  return state;
}
