import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { ok } from '../../plugins/envelope';
import { orgScopeOf } from './org-scope';

/**
 * The organisation selectors the org-picker widgets and list names read (spec 001 §7 Organisation, Department,
 * Position, Role, Users; issue 3 "org pickers … from the organisation selectors, shown by name in lists"). Read-only,
 * any signed-in user; enabled rows only; every answer is `{ list: SelectorNode[] }` (spec 001 §3 tree items):
 * - GET /api/permission/Organize/Selector/{id}: companies and departments as a tree (type = category); a non-`0` id
 *   leaves out that node and its subtree (a node cannot be its own parent);
 * - GET /api/permission/Organize/Department/Selector/{id}: the same tree (departments are picked, companies group);
 * - GET /api/permission/Position/Selector: the tree with each organisation's positions (type `position`) under it;
 * - GET /api/permission/Users/Selector: the tree with each organisation's users (type `user`, fullName = realName/account);
 * - GET /api/permission/Role/Selector: roles (type `role`) under 全局 / 组织 categories;
 * - GET /api/permission/Group/Selector: user groups (type `group`) under their group type (type `category`).
 * Organisation nodes without anything pickable below them are kept (the pickers only pick their own types).
 * - GET /api/permission/Organize/SelectorByAuth/{id} and …/Organize/Department/SelectorByAuth/{id} (JNPF v3.4's
 *   organisation pages and its org picker with `auth`: wuqingguang0816/Mnxhp src/api/permission/organize.js:21-26,
 *   department.js:21-26, read as `res.data.list` by views/permission/user/index.vue:224-226 and
 *   components/Generator/components/ComSelect/index.vue:251-253): the same tree, narrowed to the caller's 分级管理
 *   scope (org-scope.ts) and the organisations above it; administrators and callers without a scope see it whole.
 *   `Organize/SelectorByAuth` (ComSelect with isOnlyOrg: views/permission/organize/Form.vue:21-23 上级公司) answers
 *   companies only, as JNPF's server does; `{id}` is the organisation being edited ('0' for a new one), left out
 *   with its subtree (it cannot be its own parent).
 */

/**
 * One selector tree node. Organisation nodes also carry what JNPF v3.4's organisation picker reads on a click
 * (Mnxhp src/components/Generator/components/ComSelect/index.vue:294-306, the picked value and its text at :316-339):
 * `organizeIds` the ids from the root down to the node, `organize` their names joined by '/', and `icon`.
 */
export interface SelectorNode {
  id: string;
  fullName: string;
  type: string;
  parentId: string;
  enCode?: string;
  organizeIds?: string[];
  organize?: string;
  icon?: string;
  children?: SelectorNode[];
}

/** JNPF's tree icons of a company and a department (its icon font). */
const ORG_ICONS: Record<string, string> = { company: 'icon-ym icon-ym-tree-organization3', department: 'icon-ym icon-ym-tree-department1' };

/** Sets organizeIds / organize / icon on the organisation nodes of `roots`, each from its path (`ids`, `names`: the parent's). */
function withPaths(roots: SelectorNode[], ids: string[] = [], names: string[] = []): void {
  for (const n of roots) {
    if (n.type !== 'company' && n.type !== 'department') continue;
    n.organizeIds = [...ids, n.id];
    n.organize = [...names, n.fullName].join('/');
    n.icon = ORG_ICONS[n.type];
    if (n.children) withPaths(n.children, n.organizeIds, [...names, n.fullName]);
  }
}

type Leaf = SelectorNode & { ownerId: string | null };

async function organisationTree(db: Db, leaves: Leaf[] = [], exclude = ''): Promise<SelectorNode[]> {
  const rows = await db.selectFrom('organize').select(['id', 'parent_id', 'category', 'en_code', 'full_name']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('full_name').execute();
  const nodes = new Map<string, SelectorNode>(rows.map((r) => [r.id, { id: r.id, fullName: r.full_name, type: r.category, parentId: r.parent_id, enCode: r.en_code }]));
  const roots: SelectorNode[] = [];
  const childOf = (parent: string, node: SelectorNode) => {
    const p = nodes.get(parent);
    if (!p) roots.push(node);
    else if (p.children) p.children.push(node);
    else p.children = [node];
  };
  for (const leaf of leaves) {
    const { ownerId, ...node } = leaf;
    childOf(ownerId ?? '', node);
  }
  for (const r of rows) childOf(r.parent_id, nodes.get(r.id)!);
  withPaths(roots);
  if (!exclude || exclude === '0') return roots;
  const prune = (list: SelectorNode[]): SelectorNode[] => list.filter((n) => n.id !== exclude).map((n) => (n.children ? { ...n, children: prune(n.children) } : n));
  return prune(roots);
}

/** Registers the selector routes (see the module comment). */
export default async function selectorRoutes(app: FastifyInstance): Promise<void> {
  const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;
  const signedIn = { config: { access: 'signedIn' as const } };

  app.get<{ Params: { id: string } }>('/api/permission/Organize/Selector/:id', { ...signedIn, schema: { params: idParams } }, async (req) => ok({ list: await organisationTree(app.db, [], req.params.id) }));
  app.get<{ Params: { id: string } }>('/api/permission/Organize/Department/Selector/:id', { ...signedIn, schema: { params: idParams } }, async (req) =>
    ok({ list: await organisationTree(app.db, [], req.params.id) }),
  );

  /** The organisation tree narrowed to the caller's organisation-admin scope (nodes in it and their ancestors). */
  const byAuth = async (req: FastifyRequest<{ Params: { id: string } }>, companiesOnly = false) => {
    const companies = (list: SelectorNode[]): SelectorNode[] => list.filter((n) => n.type === 'company').map((n) => (n.children ? { ...n, children: companies(n.children) } : n));
    const whole = await organisationTree(app.db, [], req.params.id);
    const tree = companiesOnly ? companies(whole) : whole;
    const scope = req.auth ? await orgScopeOf(app.db, req.auth) : null;
    if (!scope) return ok({ list: tree });
    const keep = (list: SelectorNode[]): SelectorNode[] =>
      list.flatMap((n) => {
        const children = n.children ? keep(n.children) : [];
        if (!scope.has(n.id) && !children.length) return [];
        const { children: _all, ...node } = n;
        return [children.length ? { ...node, children } : node];
      });
    return ok({ list: keep(tree) });
  };
  app.get<{ Params: { id: string } }>('/api/permission/Organize/SelectorByAuth/:id', { ...signedIn, schema: { params: idParams } }, (req) => byAuth(req, true));
  app.get<{ Params: { id: string } }>('/api/permission/Organize/Department/SelectorByAuth/:id', { ...signedIn, schema: { params: idParams } }, (req) => byAuth(req));

  app.get('/api/permission/Position/Selector', signedIn, async () => {
    const rows = await app.db.selectFrom('position').select(['id', 'organize_id', 'full_name', 'en_code']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('full_name').execute();
    const leaves = rows.map((r) => ({ id: r.id, fullName: r.full_name, type: 'position', parentId: r.organize_id ?? '', enCode: r.en_code, ownerId: r.organize_id }));
    return ok({ list: await organisationTree(app.db, leaves) });
  });

  app.get('/api/permission/Users/Selector', signedIn, async () => {
    const rows = await app.db.selectFrom('users').select(['id', 'organize_id', 'real_name', 'account']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('account').execute();
    const leaves = rows.map((r) => ({ id: r.id, fullName: `${r.real_name}/${r.account}`, type: 'user', parentId: r.organize_id ?? '', enCode: r.account, ownerId: r.organize_id }));
    return ok({ list: await organisationTree(app.db, leaves) });
  });

  app.get('/api/permission/Role/Selector', signedIn, async () => {
    const rows = await app.db.selectFrom('role').select(['id', 'full_name', 'en_code', 'global_mark']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('full_name').execute();
    const group = (id: string, fullName: string, global: number) => ({
      id,
      fullName,
      type: 'category',
      parentId: '-1',
      children: rows.filter((r) => Number(r.global_mark) === global).map((r) => ({ id: r.id, fullName: r.full_name, type: 'role', parentId: id, enCode: r.en_code })),
    });
    return ok({ list: [group('global', '全局', 1), group('organize', '组织', 0)].filter((g) => g.children.length) });
  });

  app.get('/api/permission/Group/Selector', signedIn, async () => {
    const rows = await app.db.selectFrom('user_group').select(['id', 'full_name', 'en_code', 'type']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('full_name').execute();
    const types = [...new Set(rows.map((r) => r.type))];
    const list = types.map((type) => ({
      id: `group-type:${type}`,
      fullName: type,
      type: 'category',
      parentId: '-1',
      children: rows.filter((r) => r.type === type).map((r) => ({ id: r.id, fullName: r.full_name, type: 'group', parentId: `group-type:${type}`, enCode: r.en_code })),
    }));
    return ok({ list });
  });
}
