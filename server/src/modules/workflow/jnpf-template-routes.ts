import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { cataloguePage, categoryNames } from '../_shared/catalogue';
import { likePattern } from '../visualdev/list-filter';
import { type FlowRow, toWire } from './flow-repository';
import { FLOW_MENU } from './flow-routes';

/** JNPF's path of the flow templates (its client's api/workFlow/flowEngine.js). */
export const BASE = '/api/workflow/Engine/flowTemplate';
/** The dictionary of flow categories (as flow-routes.ts). */
export const CATEGORY_DICTIONARY = 'WorkFlowCategory';

/** The paged list's query as JNPF's client sends it (keyword, category, paging, sort; `n` is its cache-buster). */
export const LIST_QUERY = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 100 },
    category: { type: 'string', maxLength: 50 },
    currentPage: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    sort: { type: 'string', maxLength: 10 },
    sidx: { type: 'string', maxLength: 50 },
    n: {},
  },
} as const;

type ListQuery = { keyword?: string; category?: string; currentPage?: number; pageSize?: number };

/**
 * One row of JNPF v3.4's flow list: FlowWire without the designer JSON, with `category` as the category's name
 * (views/workFlow/flowEngine/index.vue:47 shows it as it comes) and `creatorUser` the creator's name (:53).
 */
async function rowsOf(app: FastifyInstance, rows: FlowRow[]) {
  const names = await categoryNames(app.db, CATEGORY_DICTIONARY);
  const ids = [...new Set(rows.map((r) => r.created_by).filter((x): x is string => !!x))];
  const users = ids.length ? new Map((await app.db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', ids).execute()).map((u) => [u.id, `${u.real_name}/${u.account}`])) : new Map<string, string>();
  return rows.map((r) => ({ ...toWire(r, false), category: names.get(r.category ?? '') ?? r.category ?? '', creatorUser: users.get(r.created_by ?? '') ?? '' }));
}

/**
 * JNPF v3.4.7's names for the flow list (wuqingguang0816/Mnxhp src/api/workFlow/FlowEngine.js:4-10, :77-82: the
 * engine was renamed `flowTemplate` after v3.4.1), behind the 流程设计 menu as FlowEngine's list (flow-routes.ts):
 * - GET /api/workflow/Engine/flowTemplate?keyword&category&currentPage&pageSize → `{ list, pagination }`: flows flat,
 *   newest first by sortCode then creation, name or code matching the keyword (views/workFlow/flowEngine/index.vue:188-199
 *   reads `res.data.list` and `res.data.pagination.total`);
 * - GET /api/workflow/Engine/flowTemplate/ListAll (any signed-in user: the task pages are everyone's) → `{ list: [{ id,
 *   fullName, enCode, category, type, enabledMark }] }`: every flow, flat (the filter pickers of 流程监控, 待办,
 *   已办, 抄送, 发起, 委托: e.g. flowTodo/index.vue:244-247 reads `res.data.list` as `{ id, fullName }`).
 */
export default async function jnpfTemplateRoutes(app: FastifyInstance): Promise<void> {
  const config = { access: { menu: FLOW_MENU } };
  app.get<{ Querystring: ListQuery }>(BASE, { config, schema: { querystring: LIST_QUERY } }, async (req) => {
    const { currentPage, pageSize } = cataloguePage(req.query);
    let q = app.db.selectFrom('flow_engine').where('f_deleted_at', 'is', null);
    const kw = req.query.keyword?.trim();
    if (kw) q = q.where((eb) => eb.or([eb('full_name', 'ilike', likePattern(kw)), eb('en_code', 'ilike', likePattern(kw))]));
    if (req.query.category) q = q.where('category', '=', req.query.category);
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q.selectAll().orderBy('sort_code').orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return ok({ list: await rowsOf(app, rows), pagination: { currentPage, pageSize, total } });
  });
  app.get(`${BASE}/ListAll`, { config: { access: 'signedIn' } }, async () => {
    const rows = await app.db.selectFrom('flow_engine').selectAll().where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('created_at').limit(5000).execute();
    return ok({ list: (await rowsOf(app, rows)).map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode, category: r.category, type: r.type, enabledMark: r.enabledMark })) });
  });
}
