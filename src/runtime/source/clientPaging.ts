import type { ListPage, ListQuery, ModelData } from '../../api/onlineDev';

/**
 * One page of a list call that answers every row (schemas/page.ts ResourceList `clientPaging`, e.g. a dictionary's
 * items; `page` is the answer as `asPage` reads it): an answer with its own `pagination` is kept as it is; otherwise
 * the top-level rows are cut to `query.currentPage`/`query.pageSize` (child rows stay under their parent; a page past
 * the end shows the last one) and the total is their count.
 */
export function pageOnClient(page: ListPage, answer: unknown, query: ListQuery): ListPage {
  if (!Array.isArray(answer) && (answer as Partial<ListPage> | null)?.pagination) return page;
  const all: ModelData[] = page.list;
  const size = query.pageSize > 0 ? query.pageSize : all.length;
  const current = Math.max(1, Math.min(query.currentPage || 1, Math.ceil(all.length / Math.max(size, 1)) || 1));
  const start = (current - 1) * size;
  return { ...page, list: all.slice(start, start + size), pagination: { currentPage: current, pageSize: size, total: all.length } };
}
