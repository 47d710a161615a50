import { SIGNED_IN_FLAG } from '../../plugins/permissions';
import { SEED } from './ids';
import type { SeedContext } from './index';

/** Fixed ids of the 工作流程 menus (issue 15 item 4): the folder and its pages (src/pages/workflow/*.page.json). */
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
/** [id, fullName, enCode, urlAddress, icon] of the pages every signed-in user sees, in menu order. */
const PAGES: Array<[string, string, string, string, string]> = [
  [M.addFlow, '发起流程', 'addFlow', 'workFlow/flowQuickLaunch', 'FormOutlined'],
  [M.todo, '待办事宜', 'flowTodo', 'workFlow/flowTodo', 'ScheduleOutlined'],
  [M.done, '已办事宜', 'flowDone', 'workFlow/flowDone', 'FileDoneOutlined'],
  [M.circulate, '抄送事宜', 'flowCirculate', 'workFlow/flowCirculate', 'CopyOutlined'],
  [M.launch, '我发起的', 'flowLaunch', 'workFlow/flowLaunch', 'SendOutlined'],
  [M.entrust, '流程委托', 'flowDelegate', 'workFlow/entrust', 'UserSwitchOutlined'],
];
/** The administrators' page. */
const MONITOR: [string, string, string, string, string] = [M.monitor, '流程监控', 'flowMonitor', 'workFlow/flowMonitor', 'MonitorOutlined'];

/** The property_json of the menus open to every signed-in user (plugins/permissions.ts signedInModules). */
const OPEN = JSON.stringify({ [SIGNED_IN_FLAG]: true });

/**
 * Seeds the workflow views (issue 15 item 4) as a top-level 工作流程 folder (sort 20, between 供应链 and 系统管理):
 * 发起流程, 待办事宜, 已办事宜, 抄送事宜, 我发起的, 流程委托 and their folder are open to every signed-in user by design
 * (property_json `signedIn: true`, honoured by the policy engine: every user launches and approves, the runtime routes
 * check each task, and a role created later sees them with no grant — the message drawer's links to 待办 and 抄送 work
 * for everyone); 流程监控 is granted to the administrator role only. Idempotent (fixed ids, ON CONFLICT DO NOTHING);
 * menus seeded before the flag existed (property_json still '{}') get it.
 */
export default async function seedWorkflowViewMenus({ db }: SeedContext): Promise<void> {
  const open = [M.folder, ...PAGES.map(([id]) => id)];
  await db
    .insertInto('module')
    .values([
      { id: M.folder, parent_id: '-1', full_name: '工作流程', en_code: 'workFlow', icon: 'ApartmentOutlined', type: 1, url_address: 'workFlow', link_target: '_self', category: 'Web', property_json: OPEN, sort_code: 20 },
      ...[...PAGES, MONITOR].map(([id, fullName, enCode, url, icon], i) => ({ id, parent_id: M.folder, full_name: fullName, en_code: enCode, icon, type: 2, url_address: url, link_target: '_self', category: 'Web', property_json: id === M.monitor ? '{}' : OPEN, sort_code: i + 1 })),
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db.updateTable('module').set({ property_json: OPEN }).where('id', 'in', open).where('property_json', '=', '{}').execute();
  if (!(await db.selectFrom('role').select('id').where('id', '=', SEED.adminRole).executeTakeFirst())) return;
  await db
    .insertInto('authorize')
    .values([M.folder, M.monitor].map((item) => ({ id: `grant:${SEED.adminRole}:module:${item}`, item_type: 'module' as const, item_id: item, object_type: 'Role' as const, object_id: SEED.adminRole })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
