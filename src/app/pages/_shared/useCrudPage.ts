import type { TablePaginationConfig, TableProps } from 'antd';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../api/toast';

/** Page sizes of shared tables (spec 001 §2, §9). */
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500];

/** The query of a paged admin list (design.md §6): keyword, 1-based page, page size. */
export interface CrudQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

/** What {@link useCrudPage} gives a page; `Q` the query (CrudQuery plus the page's own fields, e.g. sorting). */
export interface CrudPage<T, Q extends CrudQuery = CrudQuery> {
  /** The keyword being typed (applied by `search`). */
  keyword: string;
  setKeyword: (keyword: string) => void;
  /** The query of the rows shown. */
  query: Q;
  setQuery: Dispatch<SetStateAction<Q>>;
  rows: T[];
  total: number;
  loading: boolean;
  /** Reloads the current page (errors leave an empty list: the api client toasted them). */
  load: () => Promise<void>;
  /** Applies `keyword` (trimmed) from page 1. */
  search: (keyword: string) => void;
  /** Clears the keyword and lists from page 1. */
  reset: () => void;
  /**
   * The antd Table pagination of the list: sizes PAGE_SIZES, size changer, quick jumper, `totalText(n)` as the total.
   * A new page size goes back to page 1 when `firstPageOnSizeChange` is set.
   */
  pagination: (totalText: (total: number) => string, firstPageOnSizeChange?: boolean) => TablePaginationConfig;
  /**
   * The antd Table props of the list (spread them, then add `columns`): rows keyed by `id`, small, loading while
   * loading, scrolling sideways, and `pagination(totalText)`.
   */
  tableProps: (totalText: (total: number) => string) => Pick<TableProps<T>, 'rowKey' | 'size' | 'loading' | 'dataSource' | 'scroll' | 'pagination'>;
  /**
   * Runs a row action (toggle, delete…): awaits `fn`, toasts `done` (success) if given, then reloads the list. A
   * failure was already toasted by the api client: it is swallowed and nothing is reloaded.
   */
  run: (fn: () => Promise<unknown>, done?: string) => Promise<void>;
}

/**
 * The list state of a paged admin page (spec 001 §2 list, §7 keyword search and paging): loads `fetch(query)` whenever
 * the query changes (and on `load()`); `fetch` resolves `{ list, pagination: { total } }` and may change between
 * renders (the latest one is called). Starts at page 1 with `pageSize` rows and the page's own query fields `extra`
 * (e.g. `{ sidx: '', sort: '' }`), which the page changes through `setQuery`.
 */
export function useCrudPage<T, Q extends CrudQuery = CrudQuery>(
  fetch: (query: Q) => Promise<{ list?: T[]; pagination?: { total: number } }>,
  pageSize: number,
  extra?: Omit<Q, keyof CrudQuery>,
): CrudPage<T, Q> {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<Q>(() => ({ ...extra, keyword: '', currentPage: 1, pageSize }) as Q);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const page = await fetchRef.current(query);
      setRows(page.list ?? []);
      setTotal(page.pagination?.total ?? 0);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const search = useCallback((kw: string) => setQuery((q) => ({ ...q, keyword: kw.trim(), currentPage: 1 })), []);
  const reset = useCallback(() => {
    setKeyword('');
    setQuery((q) => ({ ...q, keyword: '', currentPage: 1 }));
  }, []);
  const pagination = (totalText: (n: number) => string, firstPageOnSizeChange = false): TablePaginationConfig => ({
    current: query.currentPage,
    pageSize: query.pageSize,
    total,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: totalText,
    onChange: (currentPage, size) => setQuery((q) => ({ ...q, currentPage: firstPageOnSizeChange && size !== q.pageSize ? 1 : currentPage, pageSize: size })),
  });

  const tableProps = (totalText: (n: number) => string) => ({
    rowKey: 'id',
    size: 'small' as const,
    loading,
    dataSource: rows,
    scroll: { x: 'max-content' as const },
    pagination: pagination(totalText),
  });
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) toast('success', done);
      await load();
    } catch {
      // The client toasted the server's message.
    }
  };

  return { keyword, setKeyword, query, setQuery, rows, total, loading, load, search, reset, pagination, tableProps, run };
}
