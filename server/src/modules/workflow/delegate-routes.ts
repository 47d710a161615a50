import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toMs } from '../../db/json';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { delegateBinRoutes, overlapFail, overlapsLive } from './delegate-bin';
import { delegateFlowPickerRoutes } from './delegate-flow-picker';
import { delegateTypeOf, delegateTypeWire, flowIdsOf, storedFlowIds } from './delegate-scope';
import { fail } from './messages';
import { type DelegateBody, DelegateBodySchema, IdParams, type TaskListQuery, TaskListQuerySchema } from './schemas';
import { callerOf } from './task-routes';

const D = '/api/workflow/Engine/FlowDelegate';
type Id = { Params: { id: string } };

/**
 * A delegation on the wire (times in ms): `flowId` the flow ids joined by "," (null: every flow), `flowName` their
 * names joined by ",", `type` "0" 发起委托 / "1" 审批委托 / null both (delegate-scope.ts).
 */
const delegateWire = (d: Record<string, unknown>) => ({
  id: d.id,
  toUserId: d.to_user_id,
  toUserName: d.to_user_name,
  flowId: d.flow_id,
  flowName: d.flow_name,
  flowCategory: d.flow_category,
  type: delegateTypeWire(d.delegate_type as number | null),
  startTime: toMs(d.start_time as Date),
  endTime: toMs(d.end_time as Date),
  description: d.description,
  creatorTime: toMs(d.created_at as Date),
  version: d.f_version,
});

/**
 * FlowDelegate (reference §3 Delegation; §5 pitfalls avoided): the caller's delegations, paged; create and update check
 * start < end, a delegate that is an enabled user other than the caller, every named flow (one or several, JNPF's
 * client joins them by ","), and that no live delegation of the same kind overlaps it for a shared flow (no chains);
 * resolution uses [start, end) at approver creation (审批委托) or launch (发起委托). JNPF v3.4.7's 流程委托 page
 * (Mnxhp de4cb9f0 src/views/workFlow/entrust/index.vue, Form.vue) sends `type` and `flowId` as delegate-scope.ts reads
 * them and ends a delegation with PUT FlowDelegate/Stop/{id}; its 委托流程 picker is delegate-flow-picker.ts.
 */
export async function delegateRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const db = app.db;
  const check = async (me: string, b: DelegateBody, id?: string) => {
    if (!(b.startTime < b.endTime)) throw fail(400, 'badDelegate', { detail: { zh: '开始时间必须早于结束时间', en: 'the start must be before the end' } });
    if (b.toUserId === me) throw fail(400, 'badDelegate', { detail: { zh: '不能委托给自己', en: 'you cannot delegate to yourself' } });
    const to = await db.selectFrom('users').select('real_name').where('id', '=', b.toUserId).where('enabled_mark', '<>', 0).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (!to) throw fail(400, 'badDelegate', { detail: { zh: '被委托人不存在或已停用', en: 'the delegate does not exist or is disabled' } });
    // The delegated flows (none: every flow): their names and category are the server's, not the body's.
    const ids = flowIdsOf(b.flowId);
    const rows = ids.length ? await db.selectFrom('flow_engine').select(['id', 'full_name', 'category']).where('id', 'in', ids).where('f_deleted_at', 'is', null).execute() : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((f) => !byId.has(f))) throw fail(400, 'badDelegate', { detail: { zh: '委托的流程不存在', en: 'the delegated flow does not exist' } });
    const flows = ids.map((f) => byId.get(f)!);
    const type = delegateTypeOf(b.type);
    if (await overlapsLive(db, { id, creator: me, toUserId: b.toUserId, flowId: storedFlowIds(ids), type, start: new Date(b.startTime), end: new Date(b.endTime) })) throw overlapFail();
    const categories = [...new Set(flows.map((f) => f.category))];
    return { name: to.real_name, ids, type, flowName: flows.length ? flows.map((f) => f.full_name).join(',') : null, category: categories.length === 1 ? categories[0] : null };
  };
  const values = (b: DelegateBody, c: Awaited<ReturnType<typeof check>>) => ({
    to_user_id: b.toUserId,
    to_user_name: c.name,
    flow_id: storedFlowIds(c.ids),
    flow_name: c.flowName,
    flow_category: c.category,
    delegate_type: c.type,
    start_time: new Date(b.startTime),
    end_time: new Date(b.endTime),
    description: b.description ?? null,
  });
  const own = async (me: string, id: string) => {
    const row = await db.selectFrom('flow_delegate').selectAll().where('id', '=', id).where('creator_user_id', '=', me).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw fail(404, 'delegateNotFound');
    return row;
  };

  /**
   * GET FlowDelegate?keyword&currentPage&pageSize → the caller's delegations, newest first; `myOrDelagateToMe=2` (JNPF's
   * 委托给我的 tab, entrust/index.vue:265-272) the delegations to the caller instead, with `userName`, the delegator.
   */
  app.get<{ Querystring: TaskListQuery }>(D, { config: signedIn, schema: { querystring: TaskListQuerySchema } }, async (req) => {
    const me = callerOf(req).userId;
    const currentPage = req.query.currentPage ?? 1;
    const pageSize = req.query.pageSize ?? 20;
    const toMe = req.query.myOrDelagateToMe === '2';
    let q = db.selectFrom('flow_delegate').leftJoin('users as du', 'du.id', 'flow_delegate.creator_user_id').where(toMe ? 'to_user_id' : 'creator_user_id', '=', me).where('flow_delegate.f_deleted_at', 'is', null);
    const kw = req.query.keyword?.trim();
    if (kw) q = q.where((eb) => eb.or([eb('to_user_name', 'ilike', `%${kw.replace(/[\\%_]/g, '\\$&')}%`), eb('flow_name', 'ilike', `%${kw.replace(/[\\%_]/g, '\\$&')}%`)]));
    const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll('flow_delegate').select(['du.real_name as delegator_name', 'du.account as delegator_account']).orderBy('flow_delegate.created_at', 'desc').orderBy('flow_delegate.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    const list = rows.map((r) => ({ ...delegateWire(r), userName: r.delegator_name ? `${r.delegator_name}/${r.delegator_account}` : null }));
    return ok({ list, pagination: { currentPage, pageSize, total: Number(total) } });
  });
  /**
   * GET FlowDelegate/Flows → `{ list: [{ id, fullName, category }] }`: the released flows a delegation may name (the
   * 委托流程 picker; any signed-in user: a delegator approves flows they may not launch), in designer order.
   */
  app.get(`${D}/Flows`, { config: signedIn }, async () => {
    const rows = await db.selectFrom('flow_engine').select(['id', 'full_name', 'category']).where('enabled_mark', '=', 1).where('version', '>', 0).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('created_at').limit(5000).execute();
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.full_name, category: r.category })) });
  });
  /** GET FlowDelegate/{id}: one of the caller's delegations (404 otherwise). */
  app.get<Id>(`${D}/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => ok(delegateWire(await own(callerOf(req).userId, req.params.id))));
  /** POST FlowDelegate → `{ id }`; 400 with the reason (range, self, unknown delegate or flow, overlap or chain). */
  app.post<{ Body: DelegateBody }>(D, { config: signedIn, schema: { body: DelegateBodySchema } }, async (req) => {
    const me = callerOf(req).userId;
    const checked = await check(me, req.body);
    const id = randomUUID();
    await db.insertInto('flow_delegate').values({ id, creator_user_id: me, ...values(req.body, checked) }).execute();
    return ok({ id }, t(req.lang, 'createOk'));
  });
  /** PUT FlowDelegate/{id}: update, same checks; `version` (optional) older than the row's → 409 naming who and when, nothing written. Answers `{ version }`. */
  app.put<Id & { Body: DelegateBody }>(`${D}/:id`, { config: signedIn, schema: { params: IdParams, body: DelegateBodySchema } }, async (req) => {
    const me = callerOf(req).userId;
    await own(me, req.params.id);
    const checked = await check(me, req.body, req.params.id);
    const version = await versionedUpdate(db, 'flow_delegate', req.params.id, values(req.body, checked), { version: req.body.version, actor: me, notFound: () => fail(404, 'delegateNotFound') });
    return ok({ version }, t(req.lang, 'updateOk'));
  });
  /**
   * PUT FlowDelegate/Stop/{id} (结束委托, entrust/index.vue:267-281): the delegation ends now — its end becomes now (and
   * a start still ahead moves before it), so it delegates nothing more and the client shows it 已失效; to-dos already
   * given to the delegate stay with them. Answers `{ version }`; 404 when it is not the caller's.
   */
  app.put<Id>(`${D}/Stop/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const me = callerOf(req).userId;
    const row = await own(me, req.params.id);
    const now = Date.now();
    const start = Math.min(toMs(row.start_time) ?? now, now - 1);
    const version = await versionedUpdate(db, 'flow_delegate', req.params.id, { start_time: new Date(start), end_time: new Date(Math.min(toMs(row.end_time) ?? now, now)) }, { actor: me, notFound: () => fail(404, 'delegateNotFound') });
    return ok({ version }, t(req.lang, 'updateOk'));
  });
  /**
   * DELETE FlowDelegate/{id}?version: ends the delegation by moving it to the caller's recycle bin (delegate-bin.ts;
   * open to-dos already given to the delegate stay with them); an older version → 409.
   */
  app.delete<Id & { Querystring: { version?: number } }>(`${D}/:id`, { config: signedIn, schema: { params: IdParams, querystring: { type: 'object', properties: { version: { type: 'integer', minimum: 0 } } } } }, async (req) => {
    const me = callerOf(req).userId;
    await own(me, req.params.id);
    await softDelete(db, 'flow_delegate', req.params.id, { version: req.query.version, actor: me, notFound: () => fail(404, 'delegateNotFound') });
    return ok(null, t(req.lang, 'deleteOk'));
  });
  await delegateBinRoutes(app, D);
  await delegateFlowPickerRoutes(app);
}
