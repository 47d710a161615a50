import { toMs } from '../../db/json';
import { avatarUrl } from '../current-user/repository';
import { suppliesOf } from '../current-user/settings-repository';
import { defaultPortalId } from '../portal/repository';
import type { Db } from '../../db/types';
import { type HeldItem, holdingsOf } from '../../permissions/holdings';
import type { SessionInfo } from '../../plugins/permissions';

/** One menu of the CurrentUser tree (spec 000 §2 "Menu items"; jnpf-v3.md §5). */
export interface MenuNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  type: number;
  urlAddress: string;
  linkTarget: string;
  category: string;
  /** JSON string: { moduleId, isTree } for model, dictionary, report and portal pages. */
  propertyJson: string;
  sortCode: number;
  hasChildren: boolean;
  children: MenuNode[];
}

/** A granted item of a permission entry. */
export interface PermissionItem {
  id: string;
  fullName: string;
  enCode: string;
}

/** One permissionList entry: what the user may do on one menu (spec 000 §3, §6). */
export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: PermissionItem[];
  column: PermissionItem[];
  form: PermissionItem[];
  resource: PermissionItem[];
}

/** Builds the menu tree from flat rows (sorted by sortCode); nodes whose parent is not in the set are dropped. */
export function menuTree(rows: Omit<MenuNode, 'hasChildren' | 'children'>[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>(rows.map((r) => [r.id, { ...r, hasChildren: false, children: [] }]));
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    if (n.parentId === '-1' || n.parentId === '0' || !n.parentId) roots.push(n);
    else nodes.get(n.parentId)?.children.push(n);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.sortCode - b.sortCode || a.fullName.localeCompare(b.fullName));
    for (const n of list) {
      n.hasChildren = n.children.length > 0;
      sort(n.children);
    }
  };
  sort(roots);
  return roots;
}

/**
 * The menus and permissions of a session (design.md §7a): administrators get every enabled Web menu and item;
 * others the union of the grants of their user, roles and positions (enabled menus only): permissionList entries
 * `{ modelId (the menu id), moduleName, button[], column[], form[], resource[] }`, items `{ id, fullName, enCode }`
 * (resource: the data schemes, enCode their enCode).
 */
export async function menusAndPermissions(db: Db, session: SessionInfo): Promise<{ menuList: MenuNode[]; permissionList: PermissionEntry[] }> {
  // What the user holds (permissions/holdings.ts, helper D): menus and, per menu, buttons, columns, form fields, schemes.
  const held = await holdingsOf(db, session);
  const modules = (await db.selectFrom('module').selectAll().where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).where('category', '=', 'Web').execute()).filter((m) => held.modules.has(m.id));
  const byMenu = (list: HeldItem[]) => {
    const map = new Map<string, PermissionItem[]>();
    for (const i of list) {
      const items = map.get(i.moduleId) ?? [];
      items.push({ id: i.id, fullName: i.fullName, enCode: i.enCode });
      map.set(i.moduleId, items);
    }
    return map;
  };
  const [buttons, columns, forms, resources] = [byMenu(held.items.button), byMenu(held.items.column), byMenu(held.items.form), byMenu(held.items.resource)];
  const menuList = menuTree(
    modules.map((m) => ({
      id: m.id,
      parentId: m.parent_id,
      fullName: m.full_name,
      enCode: m.en_code,
      icon: m.icon ?? '',
      type: m.type,
      urlAddress: m.url_address ?? '',
      linkTarget: m.link_target ?? '_self',
      category: m.category,
      propertyJson: m.property_json ?? '{}',
      sortCode: m.sort_code,
    })),
  );
  const visible = new Set<string>();
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      visible.add(n.id);
      walk(n.children);
    }
  };
  walk(menuList);
  const permissionList: PermissionEntry[] = modules
    .filter((m) => visible.has(m.id) && m.type !== 1)
    .sort((a, b) => a.sort_code - b.sort_code)
    .map((m) => ({
      modelId: m.id,
      moduleName: m.full_name,
      button: buttons.get(m.id) ?? [],
      column: columns.get(m.id) ?? [],
      form: forms.get(m.id) ?? [],
      resource: resources.get(m.id) ?? [],
    }));
  return { menuList, permissionList };
}

/** userInfo of CurrentUser (spec 000 §3 "Current user info"; jnpf-v3.md §5). */
export async function userInfo(db: Db, session: SessionInfo): Promise<Record<string, unknown>> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
  const rel = await db.selectFrom('user_relation').select(['object_type', 'object_id']).where('user_id', '=', u.id).execute();
  const orgs = await db.selectFrom('organize').select(['id', 'parent_id', 'category', 'en_code', 'full_name']).execute();
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const dept = u.organize_id ? byId.get(u.organize_id) : undefined;
  let company = dept;
  for (let i = 0; company && company.category !== 'company' && i < 50; i++) company = byId.get(company.parent_id);
  const positionIds = [...new Set([...(u.position_id ? [u.position_id] : []), ...rel.filter((r) => r.object_type === 'Position').map((r) => r.object_id)])];
  const prevLoginTime = toMs(u.prev_login_time);
  return {
    userId: u.id,
    userAccount: u.account,
    userName: u.real_name,
    headIcon: avatarUrl(u.head_icon) ?? '',
    organizeId: u.organize_id ?? '',
    organizeName: company?.full_name ?? '',
    departmentName: dept && dept.category === 'department' ? dept.full_name : '',
    positionIds,
    roleIds: rel.filter((r) => r.object_type === 'Role').map((r) => r.object_id),
    isAdministrator: u.is_administrator,
    portalId: await defaultPortalId(db, session, u.portal_id),
    extendProperty: u.property_json?.trim() ? u.property_json : '{}',
    supplyIds: await suppliesOf(db, u.id),
    currentSupply: u.current_supply ?? '',
    CurrentAcSet: { Code: company?.en_code ?? '', Name: company?.full_name ?? '', OrgName: dept?.full_name ?? '' },
    prevLogin: prevLoginTime ? 1 : 0,
    prevLoginTime,
    prevLoginIPAddress: u.prev_login_ip ?? '',
    prevLoginIPAddressName: u.prev_login_ip ? ipName(u.prev_login_ip) : '',
    changePwdTimes: u.change_pwd_times,
  };
}

/** A readable place for an IP: loopback and private ranges are the local network; others are not resolved offline. */
export function ipName(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4 === '::1' || v4.startsWith('127.')) return '本机';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4)) return '局域网';
  return '';
}
