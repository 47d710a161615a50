import { SEED } from './ids';
import type { SeedContext } from './index';

/** The id of the 数据接口 menu (type 2 page `systemData/dataInterface`, enCode `dataInterface`). */
export const DATA_INTERFACE_MENU = 'menu-data-interface';

/**
 * Seeds the 数据接口 admin page under 系统管理 (spec 000 §2 type-2 menu, urlAddress `systemData/dataInterface`, enCode
 * `dataInterface` = the menu the `/api/system/DataInterface` routes check) with its buttons btn_add, btn_edit and
 * btn_remove, all granted to the administrator role. Idempotent (fixed ids, ON CONFLICT DO NOTHING).
 */
export default async function seedDataInterfaceMenu({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values({ id: DATA_INTERFACE_MENU, parent_id: SEED.menus.system, full_name: '数据接口', en_code: 'dataInterface', icon: 'ApiOutlined', type: 2, url_address: 'systemData/dataInterface', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 4 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const buttons: Array<[string, string]> = [
    ['btn_add', '新增'],
    ['btn_edit', '编辑'],
    ['btn_remove', '删除'],
  ];
  await db
    .insertInto('module_button')
    .values(buttons.map(([enCode, fullName], i) => ({ id: `${DATA_INTERFACE_MENU}:${enCode}`, module_id: DATA_INTERFACE_MENU, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const grants = [{ item_type: 'module' as const, item_id: DATA_INTERFACE_MENU }, ...buttons.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${DATA_INTERFACE_MENU}:${enCode}` }))];
  await db
    .insertInto('authorize')
    .values(grants.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
