import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { cataloguePage } from '../_shared/catalogue';
import { itemsByCodes } from '../dictionary/data-repository';
import { likePattern } from '../visualdev/list-filter';
import { BASE, CATEGORY_DICTIONARY, LIST_QUERY } from './jnpf-template-routes';

/** One flow of the 委托流程 picker: FlowSelect.vue shows `fullName`, `enCode` and `type` (0 发起流程, 1 功能流程). */
export interface PickerFlow {
  id: string;
  fullName: string;
  enCode: string;
  type: number;
  /** The category's name (its code when the dictionary has none). */
  category: string;
}

/** The flow ids of POST getflowList: FlowSelect.vue:269 sends the array itself as the JSON body. */
const IDS_BODY = { type: 'array', maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 100 } } as const;

/**
 * The 委托流程 picker of JNPF v3.4.7's 流程委托 form (Mnxhp de4cb9f0 src/views/workFlow/components/FlowSelect.vue,
 * api/workFlow/FlowEngine.js:163-178), for any signed-in user (a delegator approves flows they may not launch), over
 * the flows a delegation may name (released, enabled, outside the bin; as FlowDelegate/Flows):
 * - GET flowTemplate/getflowAll?currentPage&pageSize&sort&keyword&category (FlowSelect.vue:233-258; category: a
 *   WorkFlowCategory item's id from its tree, '' for 全部流程, or the code) → `{ list: PickerFlow[], pagination:
 *   { currentPage, pageSize, total } }`, name or code holding the keyword, designer order;
 * - POST flowTemplate/getflowList with the ids as the body (FlowSelect.vue:259-281, the tags of a delegation's flows)
 *   → `PickerFlow[]` of those flows, in the order asked; unknown ids are left out.
 */
export async function delegateFlowPickerRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const names = async () => {
    const categories = (await itemsByCodes(app.db, [CATEGORY_DICTIONARY]))[CATEGORY_DICTIONARY];
    return { categories, name: new Map(categories.flatMap((c) => [[c.id, c.fullName] as const, ...(c.enCode ? [[c.enCode, c.fullName] as const] : [])])) };
  };
  const live = () => app.db.selectFrom('flow_engine').where('enabled_mark', '=', 1).where('version', '>', 0).where('f_deleted_at', 'is', null);
  const columns = ['id', 'full_name', 'en_code', 'type', 'category'] as const;

  app.get<{ Querystring: { keyword?: string; category?: string; currentPage?: number; pageSize?: number } }>(`${BASE}/getflowAll`, { config: signedIn, schema: { querystring: LIST_QUERY } }, async (req) => {
    const { currentPage, pageSize } = cataloguePage(req.query);
    const { categories, name } = await names();
    let q = live();
    const kw = req.query.keyword?.trim();
    if (kw) q = q.where((eb) => eb.or([eb('full_name', 'ilike', likePattern(kw)), eb('en_code', 'ilike', likePattern(kw))]));
    if (req.query.category && req.query.category !== '0') q = q.where('category', '=', categories.find((c) => c.id === req.query.category)?.enCode || req.query.category);
    const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q.select(columns).orderBy('sort_code').orderBy('created_at').orderBy('id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    const list = rows.map<PickerFlow>((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, type: r.type, category: name.get(r.category ?? '') ?? r.category ?? '' }));
    return ok({ list, pagination: { currentPage, pageSize, total: Number(total) } });
  });

  app.post<{ Body: string[] }>(`${BASE}/getflowList`, { config: signedIn, schema: { body: IDS_BODY } }, async (req) => {
    const ids = [...new Set(req.body)];
    if (!ids.length) return ok<PickerFlow[]>([]);
    const { name } = await names();
    const rows = new Map((await live().select(columns).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
    const list = ids.flatMap((id) => {
      const r = rows.get(id);
      return r ? [{ id: r.id, fullName: r.full_name, enCode: r.en_code, type: r.type, category: name.get(r.category ?? '') ?? r.category ?? '' }] : [];
    });
    return ok<PickerFlow[]>(list);
  });
}
