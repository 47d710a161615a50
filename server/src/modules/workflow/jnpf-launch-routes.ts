import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { cataloguePage } from '../_shared/catalogue';
import { itemsByCodes } from '../dictionary/data-repository';
import { likePattern } from '../visualdev/list-filter';
import { canLaunch, type FlowRow, visibleFlowIds } from './flow-repository';
import { flowFormOf } from './launch-form';
import { fail } from './messages';
import { categoryName, type JnpfFormInfo, type JnpfTemplateInfo, jnpfFormInfo, rootedTree } from './jnpf-task';
import { BASE, CATEGORY_DICTIONARY, LIST_QUERY } from './jnpf-template-routes';
import { IdParams } from './schemas';
import { callerOf } from './task-routes';

/** 发起流程's card list: the flow list's query plus JNPF's flowType (0 launchable, 1 function flows). */
const PAGE_QUERY = {
  type: 'object',
  properties: { ...LIST_QUERY.properties, flowType: { type: 'integer', enum: [0, 1] } },
} as const;
const JSON_LIST_QUERY = { type: 'object', properties: { type: { type: 'string', maxLength: 5 }, n: {} } } as const;

const BEFORE_QUERY = { type: 'object', properties: { flowId: { type: 'string', maxLength: 100 }, taskNodeId: { type: 'string', maxLength: 100 }, taskOperatorId: { type: 'string', maxLength: 100 }, n: {} } } as const;

type PageQuery = { keyword?: string; category?: string; currentPage?: number; pageSize?: number; flowType?: number };

/** One card of JNPF's 发起流程 page (views/workFlow/flowLaunch/Flow.vue:39-46 reads `id`, `fullName`, `icon`, `iconBackground`). */
export interface LaunchCard {
  id: string;
  fullName: string;
  enCode: string;
  /** The category's name (its code when the dictionary has no entry). */
  category: string;
  icon: string;
  iconBackground: string;
  type: number;
  description: string;
}

/** One flow of a template as JNPF's FlowJsonList answers it (Flow.vue:160-174 reads `id`, `enCode`, `fullName`). */
export interface LaunchFlow {
  id: string;
  enCode: string;
  fullName: string;
  version: string;
}

/**
 * What JNPF's FlowBox reads of `GET FlowBefore/0?flowId` to open a new launch (views/workFlow/components/FlowBox.vue:
 * 492-551 with opType -1): the form (`flowFormInfo.formType` 2 opens workFlow/workFlowForm/dynamicForm, which parses
 * `propertyJson`, the form config in JNPF's names), the flow (`flowTemplateInfo.fullName`, `type`, `flowTemplateJson`
 * whose root `properties` it reads), the start node's `approversProperties` (button texts) and `formOperates`, and
 * empty task members.
 */
export interface LaunchInfo {
  flowFormInfo: JnpfFormInfo;
  flowTemplateInfo: JnpfTemplateInfo;
  flowTaskInfo: null;
  formData: Record<string, never>;
  draftData: null;
  flowTaskNodeList: [];
  flowTaskOperatorList: [];
  flowTaskOperatorRecordList: [];
  approversProperties: Record<string, unknown>;
  formOperates: unknown[];
}

/** The rows among `rows` the caller may launch (open to all, or visible to them; administrators all), as flow-routes.ts. */
async function launchable(app: FastifyInstance, caller: ReturnType<typeof callerOf>, rows: FlowRow[]): Promise<FlowRow[]> {
  const restricted = rows.filter((r) => r.visible_type === 1).map((r) => r.id);
  const visible = caller.isAdministrator ? new Set(restricted) : await visibleFlowIds(app.db, caller, restricted);
  return rows.filter((r) => r.visible_type === 0 || visible.has(r.id));
}

/**
 * JNPF v3.4.7's 发起流程 page (wuqingguang0816/Mnxhp src/views/workFlow/flowQuickLaunch/index.vue, its picker
 * views/workFlow/flowLaunch/Flow.vue; api/workFlow/FlowEngine.js:84-90, :197-203). Here a template is one flow
 * (flow_engine: its released version is the one launched), so a template's flow list holds that flow alone.
 * - GET /api/workflow/Engine/flowTemplate/PageListAll?currentPage&pageSize&sort&sidx&keyword&category&flowType (any
 *   signed-in user) → `{ list: LaunchCard[], pagination: { currentPage, pageSize, total } }`: the released, enabled flows
 *   the caller may launch (visibility as FlowEngine/Selector), of `flowType` (0 发起流程, 1 功能流程) when given, whose
 *   name or code holds the keyword, in the category given by its dictionary item id (the page's tabs are the
 *   WorkFlowCategory items of DictionaryData/All, Flow.vue:11-13, :121-125) or its code; designer order. Flow.vue
 *   reads `res.data.list` and `res.data.pagination.total` and loads the next page while a page comes back full.
 * - GET /api/workflow/Engine/flowTemplate/FlowJsonList/{id}?type=1 (any signed-in user) → `LaunchFlow[]`: the flow
 *   itself when the caller may launch it, else `[]` (the client then says 流程不存在). With one flow the client opens
 *   its form at once (FlowBox with `flowId` = the flow's id).
 * - GET /api/workflow/Engine/FlowBefore/0?flowId (api/workFlow/FlowBefore.js:12-18; any signed-in user) → LaunchInfo of
 *   the released version of a flow the caller may launch; 404 流程不存在 otherwise (a stopped, unreleased or hidden flow).
 *   FlowBefore/{taskId} of an existing task is task-routes.ts's detail, which carries the same JNPF members.
 */
export default async function jnpfLaunchRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: PageQuery }>(`${BASE}/PageListAll`, { config: { access: 'signedIn' }, schema: { querystring: PAGE_QUERY } }, async (req) => {
    const { currentPage, pageSize } = cataloguePage(req.query);
    const categories = (await itemsByCodes(app.db, [CATEGORY_DICTIONARY]))[CATEGORY_DICTIONARY];
    let q = app.db.selectFrom('flow_engine').selectAll().where('enabled_mark', '=', 1).where('version', '>', 0).where('f_deleted_at', 'is', null);
    if (req.query.flowType !== undefined) q = q.where('type', '=', req.query.flowType);
    const kw = req.query.keyword?.trim();
    if (kw) q = q.where((eb) => eb.or([eb('full_name', 'ilike', likePattern(kw)), eb('en_code', 'ilike', likePattern(kw))]));
    if (req.query.category) {
      const item = categories.find((c) => c.id === req.query.category);
      q = q.where('category', '=', item?.enCode || req.query.category);
    }
    const rows = await launchable(app, callerOf(req), await q.orderBy('sort_code').orderBy('created_at').orderBy('id').limit(5000).execute());
    const names = new Map(categories.flatMap((c) => [[c.id, c.fullName] as const, ...(c.enCode ? [[c.enCode, c.fullName] as const] : [])]));
    const list = rows.slice((currentPage - 1) * pageSize, currentPage * pageSize).map<LaunchCard>((r) => ({
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      category: names.get(r.category ?? '') ?? r.category ?? '',
      icon: r.icon ?? '',
      iconBackground: r.icon_background ?? '',
      type: r.type,
      description: r.description ?? '',
    }));
    return ok({ list, pagination: { currentPage, pageSize, total: rows.length } });
  });
  app.get<{ Params: { id: string } }>(`${BASE}/FlowJsonList/:id`, { config: { access: 'signedIn' }, schema: { params: IdParams, querystring: JSON_LIST_QUERY } }, async (req) => {
    const row = await app.db.selectFrom('flow_engine').selectAll().where('id', '=', req.params.id).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (row?.enabled_mark !== 1 || row.version < 1 || !(await canLaunch(app.db, callerOf(req), row))) return ok<LaunchFlow[]>([]);
    return ok<LaunchFlow[]>([{ id: row.id, enCode: row.en_code, fullName: row.full_name, version: String(row.version) }]);
  });
  app.get<{ Querystring: { flowId?: string } }>('/api/workflow/Engine/FlowBefore/0', { config: { access: 'signedIn' }, schema: { querystring: BEFORE_QUERY } }, async (req) => {
    const row = req.query.flowId ? await app.db.selectFrom('flow_engine').selectAll().where('id', '=', req.query.flowId).where('f_deleted_at', 'is', null).executeTakeFirst() : undefined;
    if (row?.enabled_mark !== 1 || row.version < 1 || !(await canLaunch(app.db, callerOf(req), row))) throw fail(404, 'flowNotFound');
    const released = await app.db.selectFrom('flow_engine_version').select('flow_template_json').where('flow_id', '=', row.id).where('version', '=', row.version).executeTakeFirst();
    const start = rootedTree(released?.flow_template_json ?? row.flow_template_json);
    const form = (await flowFormOf(app.db, row.id)).formData;
    return ok<LaunchInfo>({
      flowFormInfo: jnpfFormInfo({ id: row.form_id ?? row.id, enCode: row.en_code, fullName: row.full_name }, form),
      flowTemplateInfo: { id: row.id, enCode: row.en_code, fullName: row.full_name, type: row.type, category: await categoryName(app.db, row.category), flowTemplateJson: JSON.stringify(start) },
      flowTaskInfo: null,
      formData: {},
      draftData: null,
      flowTaskNodeList: [],
      flowTaskOperatorList: [],
      flowTaskOperatorRecordList: [],
      approversProperties: start.properties,
      formOperates: Array.isArray(start.properties.formOperates) ? start.properties.formOperates : [],
    });
  });
}
