import { SEED } from '../../db/seed/ids';
import type { SeedContext } from '../../db/seed/index';

/** The fixed id of the 数据备份 menu (issue 23 item 1): page src/pages/system/dataBackup.page.json, routes ./routes.ts. */
export const BACKUP_MENU_ID = 'menu-data-backup';

/** Its buttons: [enCode, fullName]; each guards one route of ./routes.ts. */
const BUTTONS: Array<[string, string]> = [
  ['btn_add', '立即备份'],
  ['btn_remove', '删除'],
  ['btn_download', '下载'],
];

/**
 * Seeds 数据备份 under 系统管理 (issue 23 item 1; JNPF systemData/dataBackup): a type-2 page with enCode dataBackup
 * (the access.menu of the backup routes) and its buttons, granted to the administrator role only. Idempotent (fixed
 * ids, ON CONFLICT DO NOTHING).
 */
export default async function seedBackupMenu({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values({ id: BACKUP_MENU_ID, parent_id: SEED.menus.system, full_name: '数据备份', en_code: 'dataBackup', icon: 'FolderOutlined', type: 2, url_address: 'systemData/dataBackup', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 20 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${BACKUP_MENU_ID}:${enCode}`, module_id: BACKUP_MENU_ID, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const items = [{ item_type: 'module' as const, item_id: BACKUP_MENU_ID }, ...BUTTONS.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${BACKUP_MENU_ID}:${enCode}` }))];
  await db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
