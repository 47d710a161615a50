/**
 * The grant tree of permissionTree (issue 12 items 3, 7; reference/permissions.md §3), pure: built from the answers of
 * `POST /api/permission/Authority/Data/{objectId}/Values` (one per item type), checked from and back to the grants
 * value `{ module[], button[], column[], form[], resource[] }` (GET / POST `…/Authority/Data/{objectId}`).
 *
 * Keys: `<type>:<id>` for grantable nodes (menus `module:<id>`, items `button:<id>`…), `group:<type>:<menuId>` for a
 * menu's 按钮/列表/表单/数据权限 folder and `root:<category>` for the Web / App roots (neither is a grant).
 */

/** The item types the tree grants (portal grants are not shown and pass through untouched). */
export const GRANT_TYPES = ['module', 'button', 'column', 'form', 'resource'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
/** The per-menu item types (children of a menu). */
export const ITEM_TYPES = ['button', 'column', 'form', 'resource'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The grants value: granted ids per item type (other keys, e.g. `portal`, are kept as they are). */
export type Grants = Partial<Record<GrantType, string[]>> & Record<string, unknown>;

/** A node of a Values answer: a menu (has `type`) or an item of a menu (has `enCode`). */
export interface ValuesNode {
  id: string;
  parentId?: string;
  fullName: string;
  type?: number;
  category?: string | null;
  enCode?: string;
  /** A menu open to every signed-in user by design (the server's signedInModules): granted to all, not grantable. */
  signedIn?: boolean;
  children?: ValuesNode[];
}

/** A Values answer: the tree, the object's granted ids among it, every id of it. */
export interface ValuesAnswer {
  list: ValuesNode[];
  ids?: string[];
  all?: string[];
}

/** A node of the grant tree (antd Tree data: `key`, `title` text, `children`). */
export interface GrantNode {
  key: string;
  title: string;
  /** What the node is: a root, a menu, an item folder, or an item of `type`. */
  kind: 'root' | 'menu' | 'group' | ItemType;
  /** Items: their enCode, shown beside the name and searched too. */
  enCode?: string;
  /** False where a wizard step shows the node without a box (menus and roots of the item steps). */
  checkable?: boolean;
  /**
   * A menu open to every signed-in user (Values `signedIn`): shown checked with its box disabled (antd reads
   * `disableCheckbox`), never part of the grants value (the policy engine grants it to every subject).
   */
  signedIn?: boolean;
  disableCheckbox?: boolean;
  children: GrantNode[];
}

/** The texts the tree needs for its roots and folders. */
export interface TreeLabels {
  root: (category: string) => string;
  group: (type: ItemType) => string;
}

/** The grant key of an id of `type`. */
export const keyOf = (type: GrantType, id: string) => `${type}:${id}`;

/** Whether a key stands for a grant (not a root or folder). */
export const isGrantKey = (key: string) => GRANT_TYPES.some((t) => key.startsWith(`${t}:`));

/** Items of one type per menu id, read from a Values answer's tree (nodes with `enCode` under a menu). */
function itemsByMenu(answer: ValuesAnswer | undefined): Map<string, ValuesNode[]> {
  const out = new Map<string, ValuesNode[]>();
  const walk = (nodes: ValuesNode[], menu: string | null) => {
    for (const n of nodes) {
      if (n.enCode !== undefined && menu) {
        out.set(menu, [...(out.get(menu) ?? []), n]);
        continue;
      }
      walk(n.children ?? [], n.id);
    }
  };
  walk(answer?.list ?? [], null);
  return out;
}

/**
 * Builds the tree: the menus of the module answer (grouped under Web / App roots by their `category`, Web when
 * missing), and under each menu its sub-menus, then one folder per item type holding that menu's items.
 */
export function buildGrantTree(menus: ValuesAnswer, items: Partial<Record<ItemType, ValuesAnswer>>, labels: TreeLabels): GrantNode[] {
  const per = Object.fromEntries(ITEM_TYPES.map((t) => [t, itemsByMenu(items[t])])) as Record<ItemType, Map<string, ValuesNode[]>>;
  const menuNode = (m: ValuesNode): GrantNode => {
    const subMenus = (m.children ?? []).filter((c) => c.enCode === undefined).map(menuNode);
    const groups = ITEM_TYPES.flatMap((t) => {
      const list = per[t].get(m.id) ?? [];
      if (!list.length) return [];
      return [{ key: `group:${t}:${m.id}`, title: labels.group(t), kind: 'group' as const, children: list.map((i) => ({ key: keyOf(t, i.id), title: i.fullName, kind: t, enCode: i.enCode, children: [] })) }];
    });
    const open = m.signedIn ? { signedIn: true, disableCheckbox: true } : {};
    return { key: keyOf('module', m.id), title: m.fullName, kind: 'menu', ...open, children: [...subMenus, ...groups] };
  };
  const roots = new Map<string, GrantNode>();
  for (const m of menus.list ?? []) {
    const category = m.category === 'App' ? 'App' : 'Web';
    if (!roots.has(category)) roots.set(category, { key: `root:${category}`, title: labels.root(category), kind: 'root', children: [] });
    roots.get(category)?.children.push(menuNode(m));
  }
  return ['Web', 'App'].flatMap((c) => (roots.has(c) ? [roots.get(c) as GrantNode] : []));
}

/** Lookups over a tree: node by key, parent key by key. */
export interface TreeIndex {
  nodes: Map<string, GrantNode>;
  parent: Map<string, string>;
}

/** Indexes a tree (see {@link TreeIndex}). */
export function indexTree(tree: GrantNode[]): TreeIndex {
  const nodes = new Map<string, GrantNode>();
  const parent = new Map<string, string>();
  const walk = (list: GrantNode[], up: string | null) => {
    for (const n of list) {
      nodes.set(n.key, n);
      if (up) parent.set(n.key, up);
      walk(n.children, n.key);
    }
  };
  walk(tree, null);
  return { nodes, parent };
}

/** The grant keys of a node's subtree, itself included when it is a grant (menus open to all are not grants). */
export function subtreeGrants(node: GrantNode, out: string[] = []): string[] {
  if (isGrantKey(node.key) && !node.signedIn) out.push(node.key);
  for (const c of node.children) subtreeGrants(c, out);
  return out;
}

/** The checked keys of a grants value. */
export function keysOfGrants(value: Grants | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const t of GRANT_TYPES) for (const id of Array.isArray(value?.[t]) ? (value[t] as string[]) : []) out.add(keyOf(t, id));
  return out;
}

/** The grants value of checked keys, over `base` (its other keys, e.g. portal, kept). Ids keep the tree's order of checking. */
export function grantsOfKeys(keys: Iterable<string>, base: Grants | null | undefined = {}): Grants {
  const out: Grants = { ...(base ?? {}) };
  for (const t of GRANT_TYPES) out[t] = [];
  for (const k of keys) {
    const t = GRANT_TYPES.find((x) => k.startsWith(`${x}:`));
    if (t) (out[t] as string[]).push(k.slice(t.length + 1));
  }
  return out;
}

/**
 * Checks or unchecks a node: checking adds its whole subtree and every menu above it (an item is granted with its
 * menu, as JNPF sends half-checked menus); unchecking removes its subtree only (the menus above stay granted).
 */
export function toggle(index: TreeIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const node = index.nodes.get(key);
  if (!node) return next;
  const keys = subtreeGrants(node);
  if (on) {
    for (const k of keys) next.add(k);
    for (let up = index.parent.get(key); up; up = index.parent.get(up)) if (isGrantKey(up) && !index.nodes.get(up)?.signedIn) next.add(up);
  } else for (const k of keys) next.delete(k);
  return next;
}

/**
 * The tri-state of every node for antd's Tree (checkStrictly): checked when every grant of its subtree is checked,
 * half-checked when only some are. A menu open to every signed-in user counts as checked and shows checked itself.
 */
export function triState(tree: GrantNode[], checked: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const full: string[] = [];
  const half: string[] = [];
  const visit = (n: GrantNode): [number, number] => {
    let total = 0;
    let on = 0;
    if (isGrantKey(n.key)) {
      total += 1;
      if (checked.has(n.key) || n.signedIn) on += 1;
    }
    for (const c of n.children) {
      const [t, o] = visit(c);
      total += t;
      on += o;
    }
    if (n.signedIn || (total && on === total)) full.push(n.key);
    else if (on) half.push(n.key);
    return [total, on];
  };
  for (const n of tree) visit(n);
  return { checked: full, halfChecked: half };
}

/** Every grant key of the tree (全选). */
export function allGrants(tree: GrantNode[]): string[] {
  return tree.flatMap((n) => subtreeGrants(n));
}

/** Keys of every node with children (展开全部). */
export function branchKeys(tree: GrantNode[], out: string[] = []): string[] {
  for (const n of tree) {
    if (n.children.length) {
      out.push(n.key);
      branchKeys(n.children, out);
    }
  }
  return out;
}

/**
 * The tree cut to nodes whose name or enCode contains `keyword` (case-insensitive), with their ancestors (a matching
 * menu keeps its whole subtree, opened); `expand` are the branches to open so every match shows. Empty keyword: the tree as is.
 */
export function filterTree(tree: GrantNode[], keyword: string): { tree: GrantNode[]; expand: string[] } {
  const q = keyword.trim().toLowerCase();
  if (!q) return { tree, expand: [] };
  const expand: string[] = [];
  const hit = (n: GrantNode) => n.title.toLowerCase().includes(q) || (n.enCode ?? '').toLowerCase().includes(q);
  const cut = (list: GrantNode[]): GrantNode[] =>
    list.flatMap((n) => {
      if (hit(n) && n.kind !== 'root' && n.kind !== 'group') {
        if (n.children.length) expand.push(n.key, ...branchKeys(n.children));
        return [n];
      }
      const kids = cut(n.children);
      if (!kids.length) return [];
      expand.push(n.key);
      return [{ ...n, children: kids }];
    });
  return { tree: cut(tree), expand };
}

/**
 * The views of the grant wizard (JNPF 权限授权: 菜单 → 按钮 → 列表 → 表单 → 数据), after `all` (the whole tree at once,
 * where the tree opens).
 */
export const STEPS = ['all', 'module', ...ITEM_TYPES] as const;
export type Step = (typeof STEPS)[number];

/**
 * The tree a wizard step shows: `all` the tree as is; `module` the menus alone (no item folders); an item type the
 * granted menus (with the menus above them) each holding only that type's folder, the menus and roots without a box
 * (items are granted under a granted menu, as the server requires).
 */
export function stepTree(tree: GrantNode[], step: Step, checked: ReadonlySet<string>): GrantNode[] {
  if (step === 'all') return tree;
  const cut = (list: GrantNode[]): GrantNode[] =>
    list.flatMap((n): GrantNode[] => {
      if (n.kind === 'group') return step !== 'module' && n.key.startsWith(`group:${step}:`) ? [n] : [];
      if (n.kind !== 'root' && n.kind !== 'menu') return [];
      const kids = cut(n.children);
      if (step === 'module') return n.kind === 'root' && !kids.length ? [] : [{ ...n, children: kids }];
      const keep = kids.filter((k) => k.kind !== 'group' || (n.kind === 'menu' && checked.has(n.key)));
      return keep.length ? [{ ...n, checkable: false, children: keep }] : [];
    });
  return cut(tree);
}
