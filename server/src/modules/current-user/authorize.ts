import type { AuthorizeNode, CurrentAuthorize } from '../../../../schemas/wire/current-user';
import type { Db } from '../../db/types';
import { grantedIds, type SessionInfo, subjectsOf } from '../../plugins/permissions';

type Flat = Omit<AuthorizeNode, 'children'> & { sortCode: number };

/** Builds a tree from flat nodes; a node whose parent is absent becomes a root. Siblings sorted by sortCode, name. */
export function toTree(flat: Flat[]): AuthorizeNode[] {
  const nodes = new Map<string, AuthorizeNode & { sortCode: number }>(flat.map((f) => [f.id, { ...f, children: [] }]));
  const roots: (AuthorizeNode & { sortCode: number })[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId && n.parentId !== n.id ? nodes.get(n.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  const strip = (list: (AuthorizeNode & { sortCode?: number })[]): AuthorizeNode[] =>
    list
      .sort((a, b) => (a.sortCode ?? 0) - (b.sortCode ?? 0) || a.fullName.localeCompare(b.fullName))
      .map(({ sortCode: _s, children, ...rest }) => ({ ...rest, children: strip(children) }));
  return strip(roots);
}

/**
 * The menus and buttons granted to `session` (design.md §7a union of user, role and position grants; administrators
 * hold every enabled menu and button), as trees:
 * - module: the granted enabled menus;
 * - button: the granted buttons under their menus (with the menus' ancestors, so the tree is complete).
 * column, form and resource are empty: those grant kinds have no items yet.
 */
export async function currentAuthorize(db: Db, session: SessionInfo): Promise<CurrentAuthorize> {
  const allModules = await db.selectFrom('module').select(['id', 'parent_id', 'full_name', 'en_code', 'icon', 'sort_code']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  let buttons = await db.selectFrom('module_button').select(['id', 'module_id', 'parent_id', 'full_name', 'en_code', 'icon', 'sort_code']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  let modules = allModules;
  if (!session.isAdministrator) {
    const subjects = await subjectsOf(db, session);
    const mods = await grantedIds(db, subjects, 'module');
    const btns = await grantedIds(db, subjects, 'button');
    modules = allModules.filter((m) => mods.has(m.id));
    buttons = buttons.filter((b) => btns.has(b.id) && mods.has(b.module_id));
  }
  const moduleNode = (m: (typeof allModules)[number]): Flat => ({
    id: m.id,
    parentId: m.parent_id,
    fullName: m.full_name,
    enCode: m.en_code,
    icon: m.icon ?? '',
    kind: 'module',
    sortCode: m.sort_code,
  });
  const byId = new Map(allModules.map((m) => [m.id, m]));
  const withAncestors = new Map<string, Flat>();
  for (const b of buttons) {
    let m = byId.get(b.module_id);
    for (let i = 0; m && !withAncestors.has(m.id) && i < 50; i++) {
      withAncestors.set(m.id, moduleNode(m));
      m = byId.get(m.parent_id);
    }
  }
  const buttonNodes: Flat[] = buttons.map((b) => ({
    id: b.id,
    parentId: b.parent_id && b.parent_id !== '-1' && b.parent_id !== '0' ? b.parent_id : b.module_id,
    fullName: b.full_name,
    enCode: b.en_code,
    icon: b.icon ?? '',
    kind: 'button',
    sortCode: b.sort_code,
  }));
  return {
    module: toTree(modules.map(moduleNode)),
    button: toTree([...withAncestors.values(), ...buttonNodes]),
    column: [],
    form: [],
    resource: [],
  };
}
