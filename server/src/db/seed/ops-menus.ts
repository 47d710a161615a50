import { seedDefaultTasks } from '../../modules/scheduler/seed';
import { SEED } from './ids';
import type { SeedContext } from './index';

/** One operations menu: fixed id, name, enCode (the access.menu of its routes), JNPF address, icon, buttons. */
interface OpsMenu {
  id: string;
  fullName: string;
  enCode: string;
  urlAddress: string;
  icon: string;
  buttons: Array<[string, string]>;
}

/**
 * The operations pages under 系统管理 (issue 23 items 2–5), each a page config in src/pages/system/ and routes in
 * server/src/modules/<area>: 系统日志 (syslog), 定时任务 (scheduler), 缓存管理 (cache), 系统监控 (monitor).
 */
export const OPS_MENUS: OpsMenu[] = [
  { id: 'menu-sys-log', fullName: '系统日志', enCode: 'sysLog', urlAddress: 'system/log', icon: 'FileSearchOutlined', buttons: [['btn_remove', '删除']] },
  {
    id: 'menu-sys-task',
    fullName: '定时任务',
    enCode: 'sysTask',
    urlAddress: 'system/task',
    icon: 'FieldTimeOutlined',
    buttons: [
      ['btn_add', '新建'],
      ['btn_edit', '编辑'],
      ['btn_remove', '删除'],
    ],
  },
  { id: 'menu-sys-cache', fullName: '缓存管理', enCode: 'sysCache', urlAddress: 'system/cache', icon: 'DatabaseOutlined', buttons: [['btn_remove', '清除']] },
  { id: 'menu-sys-monitor', fullName: '系统监控', enCode: 'sysMonitor', urlAddress: 'system/monitor', icon: 'DashboardOutlined', buttons: [] },
];

/**
 * Seeds the operations menus (OPS_MENUS) under 系统管理 as type-2 pages with their buttons, granted to the
 * administrator role only, and the default scheduled jobs once (modules/scheduler/seed.ts). Idempotent (fixed ids,
 * ON CONFLICT DO NOTHING).
 */
export default async function seedOpsMenus({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values(OPS_MENUS.map((m, i) => ({ id: m.id, parent_id: SEED.menus.system, full_name: m.fullName, en_code: m.enCode, icon: m.icon, type: 2, url_address: m.urlAddress, link_target: '_self', category: 'Web', property_json: '{}', sort_code: 21 + i })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const buttons = OPS_MENUS.flatMap((m) => m.buttons.map(([enCode, fullName], i) => ({ id: `${m.id}:${enCode}`, module_id: m.id, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })));
  await db.insertInto('module_button').values(buttons).onConflict((oc) => oc.doNothing()).execute();
  const items = [...OPS_MENUS.map((m) => ({ item_type: 'module' as const, item_id: m.id })), ...buttons.map((b) => ({ item_type: 'button' as const, item_id: b.id }))];
  await db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedDefaultTasks(db);
}
