/**
 * The approver picker's tree (spec 001 §2 "Approver picker": company, department, position and user nodes), merged
 * from two organisation selectors that share the company/department skeleton: /api/permission/Position/Selector
 * (positions under their organisation) and /api/permission/Users/Selector (users under theirs). Pure.
 */

/** A selector node as the server answers it (`type`: company/department category, position, user). */
export interface SelectorNode {
  id: string;
  fullName: string;
  type: string;
  children?: SelectorNode[];
}

/** What an approver may be picked as. */
export type PickKind = 'user' | 'position' | 'department';

/** A node of the merged tree: `key` is `<kind>:<id>` so that equal ids of different kinds never clash. */
export interface PickNode {
  key: string;
  id: string;
  title: string;
  kind: PickKind | 'company';
  children?: PickNode[];
}

const kindOf = (type: string): PickNode['kind'] => (type === 'user' ? 'user' : type === 'position' ? 'position' : type === 'department' ? 'department' : 'company');

/**
 * Merges the two selector trees: every organisation node once (in the order of the first tree it appears in), its
 * sub-organisations first, then its positions, then its users; users and positions of no organisation come last.
 */
export function mergeOrgTrees(positions: SelectorNode[], users: SelectorNode[]): PickNode[] {
  const orgs = new Map<string, PickNode & { subs: PickNode[]; leaves: PickNode[] }>();
  const roots: string[] = [];
  // Users or positions of no organisation (e.g. the administrator): listed after the organisations.
  const loose: PickNode[] = [];
  const walk = (list: SelectorNode[], parent: string | null) => {
    for (const n of list) {
      const kind = kindOf(n.type);
      if (kind === 'user' || kind === 'position') {
        const leaf: PickNode = { key: `${kind}:${n.id}`, id: n.id, title: n.fullName, kind };
        if (parent) orgs.get(parent)?.leaves.push(leaf);
        else if (!loose.some((l) => l.key === leaf.key)) loose.push(leaf);
        continue;
      }
      if (!orgs.has(n.id)) {
        orgs.set(n.id, { key: `${kind}:${n.id}`, id: n.id, title: n.fullName, kind, subs: [], leaves: [] });
        if (parent) orgs.get(parent)?.subs.push(orgs.get(n.id)!);
        else roots.push(n.id);
      }
      walk(n.children ?? [], n.id);
    }
  };
  walk(positions, null);
  walk(users, null);
  const build = (id: string): PickNode => {
    const o = orgs.get(id)!;
    const leaves = [...o.leaves.filter((l) => l.kind === 'position'), ...o.leaves.filter((l) => l.kind === 'user')];
    const children = [...o.subs.map((s) => build(s.id)), ...leaves];
    return { key: o.key, id: o.id, title: o.title, kind: o.kind, ...(children.length ? { children } : {}) };
  };
  return [...roots.map(build), ...loose];
}

/** Every pickable node by key (for names of chosen ids). */
export function pickIndex(tree: PickNode[]): Map<string, PickNode> {
  const out = new Map<string, PickNode>();
  const walk = (list: PickNode[]) => {
    for (const n of list) {
      if (n.kind !== 'company') out.set(n.key, n);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/** Nodes whose title contains `q` (case-insensitive), with their ancestors; all when `q` is blank. */
export function filterTree(tree: PickNode[], q: string): PickNode[] {
  const s = q.trim().toLowerCase();
  if (!s) return tree;
  const keep = (n: PickNode): PickNode | null => {
    if (n.title.toLowerCase().includes(s)) return n;
    const children = (n.children ?? []).map(keep).filter((c): c is PickNode => !!c);
    return children.length ? { ...n, children } : null;
  };
  return tree.map(keep).filter((n): n is PickNode => !!n);
}
