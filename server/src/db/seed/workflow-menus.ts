import { SEED } from './ids';
import type { SeedContext } from './index';

/** The fixed id of the 流程设计 menu (issue 15 item 1): routes modules/workflow/flow-routes.ts (access menu flowEngine). */
export const FLOW_ENGINE_MENU_ID = 'menu-flow-engine';

/** Its buttons: [enCode, fullName]; btn_edit also covers release and stop. */
const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];

/**
 * Seeds 流程设计 (the flow records) under 系统管理: a type-2 page at workFlow/flowEngine with enCode flowEngine (the
 * access.menu of the flow-record routes) and its buttons, granted to the administrator role, so other roles can be
 * granted flow design. The runtime (launch, to-do, done, CC, delegation) needs no menu: every signed-in user has it,
 * each call checked against the task. Idempotent (fixed ids).
 */
export default async function seedWorkflowMenus({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values({ id: FLOW_ENGINE_MENU_ID, parent_id: SEED.menus.system, full_name: '流程设计', en_code: 'flowEngine', icon: 'ApartmentOutlined', type: 2, url_address: 'workFlow/flowEngine', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 30 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${FLOW_ENGINE_MENU_ID}:${enCode}`, module_id: FLOW_ENGINE_MENU_ID, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const items = [{ item_type: 'module' as const, item_id: FLOW_ENGINE_MENU_ID }, ...BUTTONS.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${FLOW_ENGINE_MENU_ID}:${enCode}` }))];
  await db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
