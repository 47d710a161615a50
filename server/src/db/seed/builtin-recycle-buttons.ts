import { SEED } from './ids';
import type { SeedContext } from './index';
import { ORG_MENUS } from './organization-menus';
import { PERMISSION_SEED } from './permission-grants';
import { CONFIG_BIN_MENUS } from '../../modules/_shared/config-bins';

/** The runtime entities' pages with a bin (modules/_shared/runtime-bins.ts): 定时任务, 分组管理, 通知公告, 流程设计, 分级管理. */
const RUNTIME_BIN_MENUS = ['menu-sys-task', ORG_MENUS.group, 'menu-message-notice', 'menu-flow-engine', ORG_MENUS.gradeManage];

/**
 * 回收站 (btn_recycle) on the built-in pages with a recycle bin (issue 27 item 2; modules/_shared/builtin-recycle.ts):
 * 用户管理, 组织管理, 角色管理, 岗位管理, 数据字典 and 菜单管理, granted to the administrator role like their other buttons. The bin routes check
 * this button (administrators always pass); the page shows 回收站 when the signed-in user holds it. Only on menus that
 * exist; idempotent (fixed ids, ON CONFLICT DO NOTHING), so an older database gets it at the next start.
 */
export default async function seedBuiltinRecycleButtons({ db }: SeedContext): Promise<void> {
  const wanted = [ORG_MENUS.user, ORG_MENUS.organize, ORG_MENUS.role, ORG_MENUS.position, SEED.menus.dictionary, PERMISSION_SEED.menuManage, ...RUNTIME_BIN_MENUS];
  wanted.push(...CONFIG_BIN_MENUS);
  const menus = (await db.selectFrom('module').select('id').where('id', 'in', wanted).execute()).map((m) => m.id);
  if (!menus.length) return;
  await db
    .insertInto('module_button')
    .values(menus.map((m) => ({ id: `${m}:btn_recycle`, module_id: m, parent_id: '-1', full_name: '回收站', en_code: 'btn_recycle', sort_code: 90 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('authorize')
    .values(menus.map((m) => ({ id: `grant:${SEED.adminRole}:button:${m}:btn_recycle`, item_type: 'button' as const, item_id: `${m}:btn_recycle`, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
