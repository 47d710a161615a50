import type { ColumnType, Generated, Kysely, sql } from 'kysely';
import { CODE } from './bin-labels';
import type { Db } from '../../db/types';
import { rescheduleRestored } from '../scheduler/task-bin';
import type { BinEntity } from './builtin-recycle';

/**
 * Recycle bins of the platform's runtime entities (issue 27 items 1-2, beside builtin-recycle.ts's users,
 * dictionaries, menus and organisation): each row has a version (row-version.ts) and a delete only marks it; every
 * read that lists, picks or uses the row skips binned ones; unique checks still see them until the purge.
 * - 定时任务 (schedule_task, migration 0667): a binned job is never claimed by any instance's runner; restored, an
 *   enabled one runs again on its cron from now (scheduler/task-bin.ts).
 * - 分组 (user_group, migration 0670): still refused while it has live members; binned, it is in no list, selector,
 *   member list (UserRelation), record reference check or flow candidate resolution; restored with the same id.
 * - 公告/通知 (notices: type-1 `message` rows, migration 0672): binned with their receipts kept, they leave every
 *   recipient's message list, unread count, initMessage and portal card; restored, they come back read or unread as
 *   they were. Other messages are never binned.
 * - a menu's items (buttons, columns, forms, data-rule fields, data schemes; migration 0679): binned, an item is in no
 *   item list, grant page, permission list or permission decision, and its grants (kept for the restore) grant
 *   nothing; it comes back only while its menu is live. `/api/system/{Kind}/{moduleId}/Recycle` is one menu's bin (the
 *   item pages' 回收站), `/api/system/{Kind}/Recycle` every menu's (keyword: name, code or the menu's id).
 * - 流程设计 (flow templates, flow_engine, migration 0675; still refused while a task of it is in approval): binned, it
 *   is in no designer list, launch list or picker and cannot be launched (nor spawned as a subflow); its other tasks
 *   go on with their released versions, which stay (also after the purge).
 * - 分级管理 grants (organize_administrator, migration 0683): a save that leaves a user out, or the organisation's
 *   delete, bins the grant; binned it gives no administration rights (org-scope.ts, @branchManageOrganize).
 */

type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

declare module '../workflow/tables' {
  /** Migration 0675's columns (`version` stays the released version). */
  interface FlowEngineTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: string | null;
  }
}

/** Migration 0664's and 0679's columns of a menu's item tables. */
interface MenuItemBinColumns {
  f_version: Generated<number>;
  f_deleted_at: Stamp;
  f_deleted_by: string | null;
  updated_by: string | null;
  updated_at: Stamp;
}

declare module '../../permissions/tables' {
  interface ModuleDataAuthorizeTable extends MenuItemBinColumns {}
  interface ModuleDataAuthorizeSchemeTable extends MenuItemBinColumns {}
  interface ModuleFieldTable extends MenuItemBinColumns {}
}

declare module '../../db/types' {
  interface ModuleButtonTable extends MenuItemBinColumns {}
  /** Migration 0670's columns. */
  interface UserGroupTable {
    f_version: Generated<number>;
    f_deleted_at: Stamp;
    f_deleted_by: string | null;
    updated_by: string | null;
    updated_at: Stamp;
  }
}

/** The runtime tables with a bin (flow_delegate: row-version.ts versions and softDelete, but its bin is each user's own and purged apart: workflow/delegate-bin.ts). */
export type RuntimeBinnedTable = 'schedule_task' | 'user_group' | 'message' | 'flow_engine' | 'flow_delegate' | 'organize_administrator' | MenuItemBinTable;
/** A menu's item tables with a bin (migration 0679; row-version.ts MenuItemTable). */
type MenuItemBinTable = 'module_button' | 'module_column' | 'module_form' | 'module_data_authorize' | 'module_data_authorize_scheme';

/** A menu item kind's bin: its route kind, table and the grant item type its grants use (null: none). */
const MENU_ITEM_BINS: ReadonlyArray<[string, MenuItemBinTable, string | null]> = [
  ['ModuleButton', 'module_button', 'button'],
  ['ModuleColumn', 'module_column', 'column'],
  ['ModuleForm', 'module_form', 'form'],
  ['ModuleDataAuthorize', 'module_data_authorize', null],
  ['ModuleDataAuthorizeScheme', 'module_data_authorize_scheme', 'resource'],
];


/** The runtime entities' bins (appended to BIN_ENTITIES). */
export const RUNTIME_BIN_ENTITIES: readonly BinEntity[] = [
  {
    table: 'schedule_task',
    base: '/api/scheduletask',
    menu: 'sysTask',
    fields: { fullName: 'full_name', enCode: 'en_code', executeType: 'execute_type', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [{ column: 'en_code', field: 'enCode', label: CODE }],
    restored: rescheduleRestored,
  },
  {
    table: 'user_group',
    base: '/api/permission/Group',
    menu: 'userGroup',
    fields: { fullName: 'full_name', enCode: 'en_code', type: 'type', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [{ column: 'en_code', field: 'enCode', label: CODE }],
  },
  {
    table: 'message',
    base: '/api/message',
    menu: 'messageNotice',
    fields: { title: 'title', type: 'type', enabledMark: 'enabled_mark', audienceType: 'audience_type', releaseTime: 'release_time' },
    keyword: ['title'],
    name: 'title',
    parents: [],
    unique: [],
  },
  {
    table: 'flow_engine',
    base: '/api/workflow/Engine/FlowEngine',
    menu: 'flowEngine',
    fields: { fullName: 'full_name', enCode: 'en_code', category: 'category', type: 'type', enabledMark: 'enabled_mark', sortCode: 'sort_code', description: 'description' },
    keyword: ['full_name', 'en_code'],
    name: 'full_name',
    parents: [],
    unique: [{ column: 'en_code', field: 'enCode', label: CODE }],
  },
  // 分级管理 grants (organize_administrator, migration 0683): binned when a save leaves the user out or the organisation
  // is deleted; they come back only while the organisation and the user are live and the user has no live grant there.
  {
    table: 'organize_administrator',
    base: '/api/permission/organizeAdminIsTrator',
    menu: 'gradeManage',
    names: { userName: { column: 'user_id', table: 'users', name: 'real_name' }, organizeName: { column: 'organize_id', table: 'organize', name: 'full_name' } },
    fields: { userId: 'user_id', organizeId: 'organize_id', thisLayerAdd: 'this_layer_add', thisLayerEdit: 'this_layer_edit', thisLayerDelete: 'this_layer_delete', thisLayerSelect: 'this_layer_select', subLayerAdd: 'sub_layer_add', subLayerEdit: 'sub_layer_edit', subLayerDelete: 'sub_layer_delete', subLayerSelect: 'sub_layer_select' },
    keyword: ['user_id', 'organize_id'],
    name: 'user_id',
    parents: [
      { column: 'organize_id', table: 'organize', roots: [] },
      { column: 'user_id', table: 'users', roots: [] },
    ],
    unique: [{ column: 'user_id', scope: ['organize_id'], field: 'userId', label: { zh: '用户', en: 'user', mas: 'pengguna' } }],
  },
  // A menu's items (菜单管理 → 按钮/列表/表单/数据权限/方案): behind menuManage; one comes back only while its menu is live.
  ...MENU_ITEM_BINS.map(
    ([kind, table]): BinEntity => ({
      table,
      base: `/api/system/${kind}`,
      menu: 'menuManage',
      fields: { fullName: 'full_name', enCode: 'en_code', moduleId: 'module_id', sortCode: 'sort_code', description: 'description' },
      keyword: ['full_name', 'en_code', 'module_id'],
      name: 'full_name',
      parents: [{ column: 'module_id', table: 'module', roots: [] }],
      unique: [{ column: 'en_code', scope: ['module_id'], field: 'enCode', label: CODE }],
      scope: { param: 'moduleId', column: 'module_id' },
    }),
  ),
];

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Purges the runtime bins inside the built-in purge's transaction: rows binned before `cutoff` go for good with
 * what hangs on them (a job's run log, a notice's receipts and a flow's launch rights by their foreign keys, a group's
 * memberships; a flow's released versions stay for its tasks). Returns how many rows per table.
 */
export async function purgeRuntimeBins(trx: Db, cutoff: ReturnType<typeof sql<Date>>): Promise<Record<RuntimeBinnedTable, number>> {
  const db = trx as unknown as Loose;
  const out = { schedule_task: 0, user_group: 0, message: 0, flow_engine: 0 } as Record<RuntimeBinnedTable, number>;
  for (const [, table, item] of MENU_ITEM_BINS) {
    const expired = db.selectFrom(table).select('id').where('f_deleted_at', '<', cutoff);
    if (item) await db.deleteFrom('authorize').where('item_type', '=', item).where('item_id', 'in', expired).execute();
    const r = await db.deleteFrom(table).where('f_deleted_at', '<', cutoff).executeTakeFirst();
    out[table] = Number(r.numDeletedRows);
  }
  const groups = db.selectFrom('user_group').select('id').where('f_deleted_at', '<', cutoff);
  await db.deleteFrom('user_relation').where('object_type', '=', 'Group').where('object_id', 'in', groups).execute();
  for (const t of ['schedule_task', 'user_group', 'message', 'flow_engine', 'organize_administrator'] as const) {
    const r = await db.deleteFrom(t).where('f_deleted_at', '<', cutoff).executeTakeFirst();
    out[t] = Number(r.numDeletedRows);
  }
  return out;
}
