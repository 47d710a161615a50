import type { PageAction } from '../../schemas/page';
import type { ModelData } from '../api/onlineDev';
import { isShown } from '../engine/showWhen';
import type { GridRow } from './listColumns';

/**
 * Tree rows of a built-in page's list (schemas/page.ts ResourceList `children`, e.g. a tree dictionary's items) and
 * the row rules of its `add` actions, as pure functions.
 */

/** The fold key of a tree row (kept in the list's folded set beside group keys). */
export const treeKey = (id: unknown) => `row:${String(id)}`;

/**
 * The rows as the grid shows them: each row followed by its child rows (under `key`), depth first, each marked with
 * `__tree` (its depth, whether it has children, whether it is folded); the children of a folded row are left out.
 */
export function treeRows(rows: readonly ModelData[], key: string, folded: ReadonlySet<string>): GridRow[] {
  const out: GridRow[] = [];
  const walk = (list: readonly ModelData[], depth: number) => {
    for (const r of list) {
      const kids = Array.isArray(r[key]) ? (r[key] as ModelData[]) : [];
      const isFolded = folded.has(treeKey(r.id));
      out.push({ ...r, __tree: { depth, hasChildren: kids.length > 0, collapsed: isFolded } });
      if (kids.length && !isFolded) walk(kids, depth + 1);
    }
  };
  walk(rows, 0);
  return out;
}

/** Whether a row action shows on `row`: no `when` rule, or the rule holds for the row over `base` (the tree node's nodeFields). */
export function actionShown(a: Pick<PageAction, 'when'>, row: ModelData, base: Record<string, unknown> | undefined): boolean {
  return !a.when || isShown({ __config__: { kdKey: 'action', showWhen: a.when } }, { ...(base ?? {}), ...row });
}

/** The defaults of the add form an `add` action opens: `base` (the tree node's nodeFields) with the action's `defaults` (record field ← row key) over it. */
export function addDefaults(a: Pick<PageAction, 'defaults'>, row: ModelData, base: Record<string, unknown> | undefined): Record<string, unknown> {
  return { ...(base ?? {}), ...Object.fromEntries(Object.entries(a.defaults ?? {}).map(([field, k]) => [field, row[k]])) };
}
