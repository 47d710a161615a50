import { SEED } from '../../db/seed/ids';
import type { SeedContext } from '../../db/seed/index';

/** The fixed id of the 系统配置 menu: page src/pages/system/sysConfig.page.json, routes ./settings-routes.ts. */
export const SYS_CONFIG_MENU_ID = 'menu-sys-config';

/** Its buttons: [enCode, fullName]; btn_edit guards the PUT of ./settings-routes.ts. */
const BUTTONS: Array<[string, string]> = [['btn_edit', '编辑']];

/**
 * Seeds 系统配置 under 系统管理 (JNPF system/sysConfig): a type-2 page with enCode sysConfig (the access.menu of the
 * settings routes) and btn_edit, granted to the administrator role only. Idempotent (fixed ids, ON CONFLICT DO NOTHING).
 */
export default async function seedSysConfigMenu({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values({ id: SYS_CONFIG_MENU_ID, parent_id: SEED.menus.system, full_name: '系统配置', en_code: 'sysConfig', icon: 'SettingOutlined', type: 2, url_address: 'system/sysConfig', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 5 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${SYS_CONFIG_MENU_ID}:${enCode}`, module_id: SYS_CONFIG_MENU_ID, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const items = [{ item_type: 'module' as const, item_id: SYS_CONFIG_MENU_ID }, ...BUTTONS.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${SYS_CONFIG_MENU_ID}:${enCode}` }))];
  await db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
