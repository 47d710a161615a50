import type { Db } from '../types';
import { DEMO, demoEnabled } from './demo-company';
import { SEED } from './ids';
import type { SeedContext } from './index';

/**
 * Menus and grants of the permission work (issue 12 items 2, 3, 8), run after the demo company (helper C's
 * demo-company.ts). Always: the system pages 菜单管理 (enCode menuManage) and 权限授权 (permissionAuthorize, also the
 * explainer) with their buttons, granted to the administrator role. Unless KD_DEMO=0, each demo role gets a different
 * view of 供应链 → 供应商 (menu and buttons):
 * - 采购主管: add, edit, remove, detail, export, import;
 * - 采购员: add, edit, detail, export;
 * - 品管员: detail, export;
 * - 仓管员: detail;
 * - 供应商: edit, detail.
 * Data schemes are not seeded on the supplier page: the administrator holds every item, so they would change its
 * CurrentUser permissionList, which tests/server/oauth.test.ts pins as empty (column/form/resource). Idempotent:
 * fixed ids, ON CONFLICT DO NOTHING.
 */

/** Fixed ids of the seeded permission pages and schemes. */
export const PERMISSION_SEED = {
  menuManage: 'menu-menu-manage',
  authorize: 'menu-permission-authorize',
} as const;

const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];

async function systemPages(db: Db): Promise<void> {
  const pages: Array<[string, string, string, string, string]> = [
    [PERMISSION_SEED.menuManage, '菜单管理', 'menuManage', 'system/menu', 'MenuOutlined'],
    [PERMISSION_SEED.authorize, '权限授权', 'permissionAuthorize', 'permission/authorize', 'SafetyCertificateOutlined'],
  ];
  await db
    .insertInto('module')
    .values(pages.map(([id, fullName, enCode, url, icon], i) => ({ id, parent_id: SEED.menus.system, full_name: fullName, en_code: enCode, icon, type: 2, url_address: url, link_target: '_self', category: 'Web', property_json: '{}', sort_code: 20 + i })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(pages.flatMap(([page]) => BUTTONS.map(([enCode, fullName], i) => ({ id: `${page}:${enCode}`, module_id: page, full_name: fullName, en_code: enCode, sort_code: i + 1 }))))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const items = pages.flatMap(([page]) => [['module', page], ...BUTTONS.map(([enCode]) => ['button', `${page}:${enCode}`])]) as Array<['module' | 'button', string]>;
  await grantAll(db, SEED.adminRole, items);
}

async function grantAll(db: Db, role: string, items: Array<[string, string]>): Promise<void> {
  if (!items.length) return;
  await db
    .insertInto('authorize')
    .values(items.map(([itemType, itemId]) => ({ id: `grant:${role}:${itemType}:${itemId}`, item_type: itemType as 'module', item_id: itemId, object_type: 'Role' as const, object_id: role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function demoGrants(db: Db): Promise<void> {
  const menu = SEED.menus.supplier;
  const roles = await db.selectFrom('role').select('id').where('id', 'in', Object.values(DEMO.roles)).execute();
  if (!roles.length) return;
  const view: Array<[string, string]> = [
    ['module', SEED.menus.supply],
    ['module', menu],
  ];
  const btn = (...codes: string[]) => codes.map((c) => ['button', `${menu}:${c}`] as [string, string]);
  const plan: Record<string, Array<[string, string]>> = {
    [DEMO.roles.purchaseManager]: [...view, ...btn('btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_download', 'btn_upload')],
    [DEMO.roles.purchaser]: [...view, ...btn('btn_add', 'btn_edit', 'btn_detail', 'btn_download')],
    [DEMO.roles.inspector]: [...view, ...btn('btn_detail', 'btn_download')],
    [DEMO.roles.warehouseKeeper]: [...view, ...btn('btn_detail')],
    [DEMO.roles.supplier]: [...view, ...btn('btn_edit', 'btn_detail')],
  };
  const buttons = new Set((await db.selectFrom('module_button').select('id').where('module_id', '=', menu).execute()).map((b) => b.id));
  for (const { id } of roles) await grantAll(db, id, (plan[id] ?? []).filter(([t, i]) => t !== 'button' || buttons.has(i)));
}

/** The seed step (see the module comment). */
export default async function seedPermissionGrants({ db }: SeedContext): Promise<void> {
  await systemPages(db);
  if (demoEnabled()) await demoGrants(db);
}
