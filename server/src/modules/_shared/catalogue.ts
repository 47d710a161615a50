import type { Db } from '../../db/types';

/**
 * What the platform's catalogue records share (print templates, data reports, portals; spec 001 §7, issue 16): a
 * paged list searched by keyword in fullName/enCode and by a category enCode from a dictionary type, sortable on the
 * same four columns. The keyword's LIKE pattern is visualdev/list-filter.ts `likePattern`.
 */

/** List sort keys (JNPF's sidx) → columns of a catalogue table. */
export const CATALOGUE_SORTABLE: Readonly<Record<string, 'full_name' | 'en_code' | 'sort_code' | 'created_at'>> = {
  fullName: 'full_name',
  enCode: 'en_code',
  sortCode: 'sort_code',
  creatorTime: 'created_at',
};

/** currentPage (≥ 1) and pageSize (1–500, default 20) of a list query. */
export function cataloguePage(q: { currentPage?: number; pageSize?: number }): { currentPage: number; pageSize: number } {
  return { currentPage: Math.max(1, q.currentPage ?? 1), pageSize: Math.min(500, Math.max(1, q.pageSize ?? 20)) };
}

/** `category` of a list's `queryJson` search fields (a non-empty string); anything else is no filter. */
export function searchedCategory(queryJson: string | undefined): string | undefined {
  if (!queryJson) return undefined;
  try {
    const v = (JSON.parse(queryJson) as { category?: unknown } | null)?.category;
    return typeof v === 'string' && v ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The category names of dictionary type `dictionaryEnCode`: item enCode → fullName, in sortCode order. */
export async function categoryNames(db: Db, dictionaryEnCode: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('dictionary_data as d')
    .innerJoin('dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['d.en_code', 'd.full_name'])
    .where('t.en_code', '=', dictionaryEnCode)
    .orderBy('d.sort_code')
    .execute();
  return new Map(rows.map((r) => [r.en_code, r.full_name]));
}
