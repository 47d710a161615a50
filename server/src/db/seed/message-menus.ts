import { SEED } from './ids';
import type { SeedContext } from './index';

/** The fixed id of the 通知公告 menu (issue 14 item 3): the page src/pages/system/notice.page.json, routes modules/message/notice-routes.ts. */
export const NOTICE_MENU_ID = 'menu-message-notice';

/** Its buttons: [enCode, fullName]; btn_release covers release and withdraw. */
const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_release', '发布'],
];

/**
 * Seeds 通知公告 (notice management) under 系统管理: a type-2 page at system/notice with enCode messageNotice (the
 * access.menu of the notice routes) and its buttons, all granted to the administrator role. The message centre
 * (/messageRecord) is a fixed route every signed-in user has, so it needs no menu. Idempotent (fixed ids).
 */
export default async function seedMessageMenus({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values({ id: NOTICE_MENU_ID, parent_id: SEED.menus.system, full_name: '通知公告', en_code: 'messageNotice', icon: 'NotificationOutlined', type: 2, url_address: 'system/notice', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 12 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${NOTICE_MENU_ID}:${enCode}`, module_id: NOTICE_MENU_ID, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const items = [{ item_type: 'module' as const, item_id: NOTICE_MENU_ID }, ...BUTTONS.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${NOTICE_MENU_ID}:${enCode}` }))];
  await db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
