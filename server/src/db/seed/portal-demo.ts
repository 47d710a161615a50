import { sql } from 'kysely';
import type { PortalCard, PortalLayout } from '../../../../schemas/portal';
import { DEMO, demoEnabled } from './demo-company';
import { SEED } from './ids';
import type { SeedContext } from './index';
import { PU_MENUS } from './purchasing-menus';
import { WORKFLOW_VIEW_MENUS } from './workflow-views-menus';

/** The fixed id of the 门户管理 menu (issue 16 item 3): the page src/pages/system/portal.page.json, routes modules/portal/routes.ts. */
export const PORTAL_MENU_ID = 'menu-portal';
/** The seeded default portal 工作台 and its chart's data interface. */
export const DEMO_PORTAL_ID = 'portal-workbench';
export const PURCHASES_INTERFACE_ID = 'di-purchases-by-month';

const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];

/** The 工作台 layout: to-do counts, to-do list, notices, shortcuts, purchases by month. */
export function workbenchLayout(): PortalLayout {
  const W = WORKFLOW_VIEW_MENUS;
  const cards: PortalCard[] = [
    { i: 'todo', x: 0, y: 0, w: 12, h: 3, kdKey: 'todo', title: '待办事项', refresh: { autoRefresh: true, autoRefreshTime: 5 } },
    { i: 'todoList', x: 0, y: 3, w: 6, h: 7, kdKey: 'todoList', title: '待办列表', refresh: { autoRefresh: true, autoRefreshTime: 5 } },
    { i: 'notice', x: 6, y: 3, w: 6, h: 7, kdKey: 'notice', title: '通知公告' },
    {
      i: 'shortcuts',
      x: 0,
      y: 10,
      w: 4,
      h: 7,
      kdKey: 'commonFunc',
      title: '常用功能',
      list: [
        { id: PU_MENUS.requisition, fullName: '采购申请', icon: 'FileAddOutlined', iconBackgroundColor: '#1677ff' },
        { id: W.todo, fullName: '待办事宜', icon: 'ScheduleOutlined', iconBackgroundColor: '#fa8c16' },
        { id: W.addFlow, fullName: '发起流程', icon: 'FormOutlined', iconBackgroundColor: '#52c41a' },
        { id: W.launch, fullName: '我发起的', icon: 'SendOutlined', iconBackgroundColor: '#722ed1' },
      ],
    },
    { i: 'purchases', x: 4, y: 10, w: 8, h: 7, kdKey: 'bar', title: '每月采购申请', dataType: 'dynamic', propsApi: PURCHASES_INTERFACE_ID, categoryField: 'month', valueFields: ['count'], refresh: { autoRefresh: true, autoRefreshTime: 60 } },
  ];
  return { layouyId: 100 + cards.length, layout: cards };
}

/**
 * Requisitions per month of the last 12 months (`[{ month: 'YYYY-MM', count, qty }]`) from the demo history, as the
 * static answer of the chart's data interface (pu_req is a platform table a data-interface SQL may not read).
 */
async function purchasesByMonth(db: SeedContext['db']): Promise<Array<{ month: string; count: number; qty: number }>> {
  const rows = await sql<{ month: string; count: number; qty: number }>`
    select substr(req_date, 1, 7) as month, count(*)::int as count, coalesce(sum(total_qty), 0)::float8 as qty
    from pu_req where f_deleted_at is null group by 1 order by 1 desc limit 12`.execute(db);
  return rows.rows.reverse().map((r) => ({ month: r.month, count: Number(r.count), qty: Math.round(Number(r.qty)) }));
}

/**
 * Seeds portals (issue 16 item 3): the 门户管理 menu under 系统管理 (type 2 page onlineDev/visualPortal, JNPF's view path, enCode visualPortal,
 * its buttons) granted to the administrator role; with demo data (KD_DEMO, on by default) the 工作台 portal
 * (to-do counts, to-do list, notices, shortcuts, a bar chart of requisitions per month from the data interface
 * 每月采购申请, runnable by every signed-in user) granted to the demo roles and to the administrator role, so the
 * administrator's /home shows it too (administrators may open any portal and pick another in the settings drawer;
 * without demo data their home stays the user card). Idempotent: an existing data folder gets the grant at its next start.
 */
export default async function seedPortals({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('module')
    .values({ id: PORTAL_MENU_ID, parent_id: SEED.menus.system, full_name: '门户管理', en_code: 'visualPortal', icon: 'LayoutOutlined', type: 2, url_address: 'onlineDev/visualPortal', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 14 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${PORTAL_MENU_ID}:${enCode}`, module_id: PORTAL_MENU_ID, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const items = [{ item_type: 'module' as const, item_id: PORTAL_MENU_ID }, ...BUTTONS.map(([enCode]) => ({ item_type: 'button' as const, item_id: `${PORTAL_MENU_ID}:${enCode}` }))];
  await db
    .insertInto('authorize')
    .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (!demoEnabled()) return;
  if (!(await db.selectFrom('data_interface').select('id').where('id', '=', PURCHASES_INTERFACE_ID).executeTakeFirst())) {
    await db
      .insertInto('data_interface')
      .values({ id: PURCHASES_INTERFACE_ID, full_name: '每月采购申请', en_code: 'purchasesByMonth', category: 'demo', data_type: 2, query: JSON.stringify(await purchasesByMonth(db)), request_parameters: JSON.stringify([]), description: '近 12 个月每月的采购申请数和数量（演示数据，首次启动时生成）', run_scope: 'signedIn', sort_code: 90 })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await db
    .insertInto('portal')
    .values({ id: DEMO_PORTAL_ID, full_name: '工作台', en_code: 'workbench', category: '', type: 0, form_data: JSON.stringify(workbenchLayout()), description: '默认门户：待办、公告、常用功能、每月采购', sort_code: 0 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // The demo roles and the administrator role: the administrator starts on 工作台 too (until they pick another).
  const roles = [...Object.values(DEMO.roles), SEED.adminRole];
  await db
    .insertInto('authorize')
    .values(roles.map((role) => ({ id: `grant:${role}:portal:${DEMO_PORTAL_ID}`, item_type: 'portal' as const, item_id: DEMO_PORTAL_ID, object_type: 'Role' as const, object_id: role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
