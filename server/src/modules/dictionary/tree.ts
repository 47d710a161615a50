/** A row that can sit in a tree: its id and its parent's id ('-1' or '0' at the root). */
export interface TreeRow {
  id: string;
  parentId: string;
}

/** A tree node: the row plus `hasChildren` and, when it has any, `children`. */
export type TreeNode<T extends TreeRow> = T & { hasChildren: boolean; children?: TreeNode<T>[] };

/**
 * Builds a forest from flat rows, keeping their order among siblings (spec 001 §3 "Tree node"). A row whose parent is
 * not among `rows` (root markers '-1'/'0', or a filtered-out parent) becomes a root.
 */
export function buildTree<T extends TreeRow>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const r of rows) nodes.set(r.id, { ...r, hasChildren: false });
  const roots: TreeNode<T>[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId !== r.id ? nodes.get(r.parentId) : undefined;
    if (parent) {
      parent.hasChildren = true;
      if (parent.children) parent.children.push(node);
      else parent.children = [node];
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The ids of `id` and of every row below it. */
export function subtreeIds(rows: readonly TreeRow[], id: string): Set<string> {
  const byParent = new Map<string, string[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId);
    if (list) list.push(r.id);
    else byParent.set(r.parentId, [r.id]);
  }
  const out = new Set<string>([id]);
  const stack = [id];
  while (stack.length) {
    for (const child of byParent.get(stack.pop()!) ?? []) {
      if (!out.has(child)) {
        out.add(child);
        stack.push(child);
      }
    }
  }
  return out;
}

/** The rows matching `match` plus all their ancestors (so a filtered tree keeps its paths), in the original order. */
export function withAncestors<T extends TreeRow>(rows: readonly T[], match: (row: T) => boolean): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const r of rows) {
    if (!match(r)) continue;
    let cur: T | undefined = r;
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = byId.get(cur.parentId);
    }
  }
  return rows.filter((r) => keep.has(r.id));
}

/** True when `keyword` (trimmed, case-insensitive) occurs in fullName or enCode; an empty keyword matches all. */
export function matchesKeyword(row: { fullName: string; enCode: string }, keyword: string | undefined): boolean {
  const k = keyword?.trim().toLowerCase();
  if (!k) return true;
  return row.fullName.toLowerCase().includes(k) || row.enCode.toLowerCase().includes(k);
}
