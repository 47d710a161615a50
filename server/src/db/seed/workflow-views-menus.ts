import { DEMO } from './demo-company';
import { SEED } from './ids';
import type { SeedContext } from './index';

/** Fixed ids of the 工作流程 menus (issue 15 item 4): the folder and its pages (src/pages/workflow/*.page.json, src/app/pages/workflow/addFlow.tsx). */
export const WORKFLOW_VIEW_MENUS = {
  folder: 'menu-workflow',
  addFlow: 'menu-workflow-add-flow',
  todo: 'menu-workflow-todo',
  done: 'menu-workflow-done',
  circulate: 'menu-workflow-circulate',
  launch: 'menu-workflow-launch',
  entrust: 'menu-workflow-entrust',
  monitor: 'menu-workflow-monitor',
} as const;

const M = WORKFLOW_VIEW_MENUS;
/** [id, fullName, enCode, urlAddress, icon] of the pages every role sees, in menu order. */
const PAGES: Array<[string, string, string, string, string]> = [
  [M.addFlow, '发起流程', 'addFlow', 'workFlow/addFlow', 'FormOutlined'],
  [M.todo, '待办事宜', 'flowTodo', 'workFlow/flowTodo', 'ScheduleOutlined'],
  [M.done, '已办事宜', 'flowDone', 'workFlow/flowDone', 'FileDoneOutlined'],
  [M.circulate, '抄送事宜', 'flowCirculate', 'workFlow/flowCirculate', 'CopyOutlined'],
  [M.launch, '我发起的', 'flowLaunch', 'workFlow/flowLaunch', 'SendOutlined'],
  [M.entrust, '流程委托', 'flowDelegate', 'workFlow/entrust', 'UserSwitchOutlined'],
];
/** The administrators' page. */
const MONITOR: [string, string, string, string, string] = [M.monitor, '流程监控', 'flowMonitor', 'workFlow/flowMonitor', 'MonitorOutlined'];

/**
 * Seeds the workflow views (issue 15 item 4) as a top-level 工作流程 folder (sort 20, between 供应链 and 系统管理):
 * 发起流程, 待办事宜, 已办事宜, 抄送事宜, 我发起的, 流程委托 granted to the administrator role and every seeded demo role
 * (the runtime routes are open to any signed-in user and check each task; the menu is what shows the page), and
 * 流程监控 to the administrator role only. Roles created later are granted by an administrator. Idempotent (fixed ids,
 * ON CONFLICT DO NOTHING).
 */
export default async function seedWorkflowViewMenus({ db }: SeedContext): Promise<void> {
  const all = [...PAGES, MONITOR];
  await db
    .insertInto('module')
    .values([
      { id: M.folder, parent_id: '-1', full_name: '工作流程', en_code: 'workFlow', icon: 'ApartmentOutlined', type: 1, url_address: 'workFlow', link_target: '_self', category: 'Web', property_json: '{}', sort_code: 20 },
      ...all.map(([id, fullName, enCode, url, icon], i) => ({ id, parent_id: M.folder, full_name: fullName, en_code: enCode, icon, type: 2, url_address: url, link_target: '_self', category: 'Web', property_json: '{}', sort_code: i + 1 })),
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const roles = (await db.selectFrom('role').select('id').where('id', 'in', [SEED.adminRole, ...Object.values(DEMO.roles)]).execute()).map((r) => r.id);
  const grants = roles.flatMap((role) => [M.folder, ...PAGES.map(([id]) => id), ...(role === SEED.adminRole ? [M.monitor] : [])].map((item) => ({ role, item })));
  if (!grants.length) return;
  await db
    .insertInto('authorize')
    .values(grants.map(({ role, item }) => ({ id: `grant:${role}:module:${item}`, item_type: 'module' as const, item_id: item, object_type: 'Role' as const, object_id: role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
