import { SEED } from './ids';
import type { SeedContext } from './index';

/** The fixed id of the 打印模板 menu (issue 16 item 1): the page src/pages/system/printDev.page.json, routes modules/print/routes.ts. */
export const PRINT_MENU_ID = 'menu-print-dev';

/** Its buttons: [enCode, fullName]. */
const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];

/** The printDev dictionary (template categories): [enCode, fullName]. */
const CATEGORIES: Array<[string, string]> = [
  ['flow', '流程表单'],
  ['form', '功能表单'],
  ['label', '标签'],
];

/**
 * Seeds 打印模板 (print templates) under 系统管理: a type-2 page at system/printDev with enCode printDev (the
 * access.menu of the print routes) and its buttons, all granted to the administrator role; and the printDev
 * dictionary of template categories. Idempotent (fixed ids).
 */
export default async function seedPrintMenus({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values({ id: PRINT_MENU_ID, parent_id: SEED.menus.system, full_name: '打印模板', en_code: 'printDev', icon: 'PrinterOutlined', type: 2, url_address: 'system/printDev', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 13 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${PRINT_MENU_ID}:${enCode}`, module_id: PRINT_MENU_ID, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const items = [{ item_type: 'module' as const, item_id: PRINT_MENU_ID }, ...BUTTONS.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${PRINT_MENU_ID}:${enCode}` }))];
  await db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('dictionary_type')
    .values({ id: 'dict-print-dev', parent_id: '-1', full_name: '打印模板分类', en_code: 'printDev', is_tree: 0, sort_code: 20, description: '打印模板的分类' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('dictionary_data')
    .values(CATEGORIES.map(([enCode, fullName], i) => ({ id: `print-dev-${enCode}`, dictionary_type_id: 'dict-print-dev', parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
