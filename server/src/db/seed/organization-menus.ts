import { SEED } from './ids';
import type { SeedContext } from './index';

/** Fixed ids of the 组织架构 menus (issue 12 item 1/7), stable for tests and grants. */
export const ORG_MENUS = {
  folder: 'menu-permission',
  organize: 'menu-organize',
  position: 'menu-position',
  role: 'menu-role',
  user: 'menu-user',
  group: 'menu-user-group',
  gradeManage: 'menu-grade-manage',
  /** 在线用户 under 系统管理 (issue 12 item 6): the page src/pages/system/onlineUser.page.json, routes modules/online-user. */
  onlineUser: 'menu-online-user',
} as const;

/** The pages: [id, fullName, enCode (= the access.menu of the routes, modules/organization/common.ts MENU), urlAddress, icon]. */
const PAGES: Array<[string, string, string, string, string]> = [
  [ORG_MENUS.organize, '组织管理', 'organize', 'permission/organize', 'ApartmentOutlined'],
  [ORG_MENUS.position, '岗位管理', 'position', 'permission/position', 'IdcardOutlined'],
  [ORG_MENUS.role, '角色管理', 'role', 'permission/role', 'TeamOutlined'],
  [ORG_MENUS.user, '用户管理', 'user', 'permission/user', 'UserOutlined'],
  [ORG_MENUS.group, '分组管理', 'userGroup', 'permission/group', 'UsergroupAddOutlined'],
  [ORG_MENUS.gradeManage, '分级管理', 'gradeManage', 'permission/gradeManage', 'ClusterOutlined'],
];

const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];

/**
 * Grant buttons (issue 12 items 3, 5, 7): 授权 (btn_authorize: the row action opening the grant tree, page configs
 * role/position/user) on 角色管理, 岗位管理 and 用户管理, 权限说明 (btn_explain: the explainer) and the Excel buttons
 * 导出 (btn_download) and 导入 (btn_upload) on 用户管理:
 * [page, enCode, fullName, sortCode].
 */
const GRANT_BUTTONS: Array<[string, string, string, number]> = [
  [ORG_MENUS.role, 'btn_authorize', '授权', 4],
  [ORG_MENUS.position, 'btn_authorize', '授权', 4],
  [ORG_MENUS.user, 'btn_authorize', '授权', 4],
  [ORG_MENUS.user, 'btn_explain', '权限说明', 5],
  // 用户管理's Excel (organization/user-excel-routes.ts): 导出 (ExportData), 导入 (ImportData, TemplateDownload).
  [ORG_MENUS.user, 'btn_download', '导出', 6],
  [ORG_MENUS.user, 'btn_upload', '导入', 7],
];

/**
 * Seeds JNPF's 组织架构 menu set under 系统管理 (folder enCode `permission`): 组织管理 (companies and departments),
 * 岗位管理, 角色管理, 用户管理, 分组管理 and 分级管理 (organisation admins), type-2 pages whose urlAddress is
 * `permission/<page>` and whose enCode is what the /api/permission routes check (design.md §7a); each with btn_add,
 * btn_edit and btn_remove (and the grant buttons of GRANT_BUTTONS); and 在线用户 (permission/userOnline, enCode onlineUser,
 * btn_remove = 强制下线) under 系统管理.
 * Everything is granted to the administrator role. Idempotent (fixed ids, ON CONFLICT DO NOTHING).
 */
export default async function seedOrganizationMenus({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values([
      { id: ORG_MENUS.folder, parent_id: SEED.menus.system, full_name: '组织架构', en_code: 'permission', icon: 'ApartmentOutlined', type: 1, url_address: 'permission', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 10 },
      ...PAGES.map(([id, fullName, enCode, url, icon], i) => ({ id, parent_id: ORG_MENUS.folder, full_name: fullName, en_code: enCode, icon, type: 2, url_address: url, link_target: '_self', category: 'Web', property_json: '{}', sort_code: i + 1 })),
      { id: ORG_MENUS.onlineUser, parent_id: SEED.menus.system, full_name: '在线用户', en_code: 'onlineUser', icon: 'WifiOutlined', type: 2, url_address: 'permission/userOnline', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 11 },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values([
      ...PAGES.flatMap(([page]) => BUTTONS.map(([enCode, fullName], i) => ({ id: `${page}:${enCode}`, module_id: page, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 }))),
      { id: `${ORG_MENUS.onlineUser}:btn_remove`, module_id: ORG_MENUS.onlineUser, parent_id: '-1', full_name: '强制下线', en_code: 'btn_remove', sort_code: 1 },
      ...GRANT_BUTTONS.map(([page, enCode, fullName, sortCode]) => ({ id: `${page}:${enCode}`, module_id: page, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: sortCode })),
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  const grants = [
    { item_type: 'module' as const, item_id: ORG_MENUS.folder },
    ...PAGES.flatMap(([page]) => [{ item_type: 'module' as const, item_id: page }, ...BUTTONS.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${page}:${enCode}` }))]),
    { item_type: 'module' as const, item_id: ORG_MENUS.onlineUser },
    { item_type: 'button' as const, item_id: `${ORG_MENUS.onlineUser}:btn_remove` },
    ...GRANT_BUTTONS.map(([page, enCode]) => ({ item_type: 'button' as const, item_id: `${page}:${enCode}` })),
  ];
  await db
    .insertInto('authorize')
    .values(grants.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
