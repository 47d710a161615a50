import type { FastifyInstance } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import { toMs } from '../../db/json';
import type { Database } from '../../db/types';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { delegateRoutes } from './delegate-routes';
import { categoryCode, fromJnpfClient } from './jnpf-task';
import { fail } from './messages';
import { idsOfValue } from './org-resolver';
import { IdParams, type TaskListQuery, TaskListQuerySchema } from './schemas';
import { taskWire } from './task-read';
import type { TaskRow } from './task-repository';
import { callerOf } from './task-routes';

const E = '/api/workflow/Engine';
type Id = { Params: { id: string } };
// biome-ignore lint/suspicious/noExplicitAny: the three list queries share their filters over differently joined builders
export type AnyQuery = SelectQueryBuilder<Database, any, any>;

/** The list filters of reference §3 on the task `t` (keyword on title or bill no, flow, category, launcher, status, urgency) and on `timeCol` (ms range). */
export function filtered(q: AnyQuery, f: TaskListQuery, timeCol: string): AnyQuery {
  let out = q;
  const kw = f.keyword?.trim();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, '\\$&')}%`;
    out = out.where((eb) => eb.or([eb(sql.ref('t.full_name'), 'ilike', like), eb(sql.ref('t.en_code'), 'ilike', like)]));
  }
  if (f.flowId) out = out.where(sql.ref('t.flow_id'), '=', f.flowId);
  if (f.templateId) out = out.where(sql.ref('t.flow_id'), '=', f.templateId);
  if (f.flowCategory) out = out.where(sql.ref('t.flow_category'), '=', f.flowCategory);
  if (f.creatorUserId) out = out.where(sql.ref('t.creator_user_id'), '=', f.creatorUserId);
  if (f.status !== undefined) out = out.where(sql.ref('t.status'), '=', f.status);
  if (f.flowUrgent !== undefined) out = out.where(sql.ref('t.flow_urgent'), '=', f.flowUrgent);
  if (f.startTime !== undefined) out = out.where(sql.ref(timeCol), '>=', new Date(f.startTime));
  if (f.endTime !== undefined) out = out.where(sql.ref(timeCol), '<=', new Date(f.endTime));
  return out;
}

/** A page of `q` ordered by `timeCol` newest first: `{ list, pagination }` (pageSize default 20, ≤ 500). */
export async function page(q: AnyQuery, f: TaskListQuery, timeCol: string, row: (r: Record<string, unknown>) => unknown, cols: string[] = []) {
  const currentPage = f.currentPage ?? 1;
  const pageSize = f.pageSize ?? 20;
  const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q.selectAll('t').select(['u.real_name as launcher_name', 'u.account as launcher_account', ...cols]).orderBy(timeCol, 'desc').orderBy('t.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
  return { list: rows.map(row), pagination: { currentPage, pageSize, total: Number(total) } };
}

/** The launcher's display name of a row of `page` (`realName/account`). */
export const launcherOf = (r: Record<string, unknown>) => (r.launcher_name ? `${r.launcher_name}/${r.launcher_account}` : null);

/**
 * Workflow lists (reference §3 Lists), one query per page (the to-do rows through the operator index):
 * FlowBefore/List/{1 to-do | 2 done | 3 circulated}, FlowLaunch (mine) and its delete, FlowMonitor (administrators) and
 * its delete, FlowDelegate CRUD, and the dashboard's FlowTodoCount.
 */
export default async function listRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const db = app.db;
  const tasks = () => db.selectFrom('flow_task as t').leftJoin('users as u', 'u.id', 't.creator_user_id');
  /** The filters with `flowCategory` as a category code (JNPF's task pages send the WorkFlowCategory item's id). */
  const withCategoryCode = async (q: TaskListQuery): Promise<TaskListQuery> => (q.flowCategory ? { ...q, flowCategory: await categoryCode(db, q.flowCategory) } : q);

  /**
   * GET FlowBefore/List/{category}?keyword,flowId,flowCategory,creatorUserId,startTime,endTime(ms),currentPage,pageSize:
   * 1 the caller's open to-dos (operator rows; a delegated one titled "(X的委托)"; those of a suspended task stay, status
   * 6, and refuse actions until it is restored), 2 what the caller approved or
   * rejected (records), 3 what was circulated to the caller. Rows: id (operator / record / CC id), processId (task),
   * taskNodeId, flowId, fullName, flowName, userName (launcher), thisStep, thisStepId, status, flowUrgent, completion,
   * startTime, creatorTime (received, ms; done: handled); done rows to JNPF's client (jnpf-origin) answer `status` as
   * the caller's handleStatus, as its 已办 table reads it; to-dos add delegateUser (whom the caller stands in for; JNPF's 委托 tag,
   * flowTodo/index.vue:99-104). flowCategory may be a WorkFlowCategory item's id (JNPF's filter) or its code.
   */
  app.get<{ Params: { category: string }; Querystring: TaskListQuery }>(
    `${E}/FlowBefore/List/:category`,
    { config: signedIn, schema: { params: { type: 'object', properties: { category: { type: 'string', enum: ['1', '2', '3'] } } }, querystring: TaskListQuerySchema } },
    async (req) => {
      const me = callerOf(req).userId;
      const f = await withCategoryCode(req.query);
      const base = (r: Record<string, unknown>) => ({ ...taskWire(r as unknown as TaskRow), userName: launcherOf(r), processId: r.id as string });
      if (req.params.category === '1') {
        const q = tasks().innerJoin('flow_task_operator as o', 'o.task_id', 't.id').leftJoin('users as d', 'd.id', 'o.delegator_id').where('o.handle_id', '=', me).where('o.state', '=', 0).where('o.completion', '=', 0).where('t.status', 'in', [1, 6]);
        const cols = ['o.id as op_id', 'o.node_code', 'o.node_name', 'o.created_at as received', 'd.real_name as delegator_name'];
        const data = await page(filtered(q as AnyQuery, f, 'o.created_at'), f, 'o.created_at', (r) => ({
          ...base(r),
          id: r.op_id,
          taskNodeId: r.node_code,
          nodeName: r.node_name,
          fullName: r.delegator_name ? `${r.full_name}(${r.delegator_name}的委托)` : r.full_name,
          delegateUser: (r.delegator_name as string | null) ?? null,
          creatorTime: toMs(r.received as Date),
        }), cols);
        return ok(data);
      }
      if (req.params.category === '2') {
        const q = tasks().innerJoin('flow_task_record as c', 'c.task_id', 't.id').where('c.handle_id', '=', me).where('c.handle_status', 'in', [0, 1]).where('c.status', '=', 0);
        const cols = ['c.id as rec_id', 'c.node_code', 'c.node_name', 'c.handle_time', 'c.handle_status'];
        // JNPF's 已办 table reads `status` as what the caller did (flowDone/index.vue:108-114: 1 通过, else 退回).
        const jnpf = fromJnpfClient(req);
        return ok(await page(filtered(q as AnyQuery, f, 'c.handle_time'), f, 'c.handle_time', (r) => ({ ...base(r), id: r.rec_id, taskNodeId: r.node_code, nodeName: r.node_name, handleStatus: r.handle_status, ...(jnpf ? { status: r.handle_status } : {}), creatorTime: toMs(r.handle_time as Date) }), cols));
      }
      const q = tasks().innerJoin('flow_task_circulate as c', 'c.task_id', 't.id').where('c.object_id', '=', me);
      const cols = ['c.id as cc_id', 'c.node_code', 'c.node_name', 'c.created_at as cc_time'];
      return ok(await page(filtered(q as AnyQuery, f, 'c.created_at'), f, 'c.created_at', (r) => ({ ...base(r), id: r.cc_id, taskNodeId: r.node_code, nodeName: r.node_name, creatorTime: toMs(r.cc_time as Date) }), cols));
    },
  );

  /**
   * GET FlowLaunch?filters → the caller's tasks (drafts included), newest first; `delegateType=true` (JNPF 委托发起 tab)
   * the tasks the caller launched on others' behalf instead. Rows carry `delegateUser`, the delegate's name for a task
   * launched on the launcher's behalf (JNPF's 委托 tag, flowLaunch/index.vue:98), else null.
   */
  app.get<{ Querystring: TaskListQuery }>(`${E}/FlowLaunch`, { config: signedIn, schema: { querystring: TaskListQuerySchema } }, async (req) => {
    const me = callerOf(req).userId;
    const q = tasks().leftJoin('users as dg', 'dg.id', 't.delegate_user_id').where(req.query.delegateType ? 't.delegate_user_id' : 't.creator_user_id', '=', me);
    const f = await withCategoryCode(req.query);
    const cols = ['dg.real_name as delegate_name', 'dg.account as delegate_account'];
    return ok(await page(filtered(q as AnyQuery, f, 't.created_at'), f, 't.created_at', (r) => ({ ...taskWire(r as unknown as TaskRow), userName: launcherOf(r), delegateUser: r.delegate_name ? `${r.delegate_name}/${r.delegate_account}` : null }), cols));
  });

  /** DELETE FlowLaunch/{id}: the launcher (or the delegate who launched it) deletes a draft, rejected or withdrawn task. */
  app.delete<Id>(`${E}/FlowLaunch/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const me = callerOf(req).userId;
    const row = await db.selectFrom('flow_task').select(['creator_user_id', 'delegate_user_id', 'status']).where('id', '=', req.params.id).executeTakeFirst();
    if (!row || (row.creator_user_id !== me && row.delegate_user_id !== me)) throw fail(404, 'taskNotFound');
    if (![0, 3, 4].includes(row.status)) throw fail(400, 'notDeletable');
    await db.deleteFrom('flow_task').where('id', '=', req.params.id).where('status', 'in', [0, 3, 4]).execute();
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /**
   * GET FlowMonitor?filters (administrators) → every submitted task (status 6 已被挂起 included); rows carry
   * `flowVersion`, the released version the task runs on (JNPF's 版本号 column, flowMonitor/index.vue:110-114).
   */
  app.get<{ Querystring: TaskListQuery }>(`${E}/FlowMonitor`, { config: signedIn, schema: { querystring: TaskListQuerySchema } }, async (req) => {
    if (!callerOf(req).isAdministrator) throw fail(403, 'notAdmin');
    const q = tasks().leftJoin('flow_engine_version as fv', 'fv.id', 't.flow_version_id').where('t.status', '<>', 0);
    const f = await withCategoryCode(req.query);
    return ok(await page(filtered(q as AnyQuery, f, 't.created_at'), f, 't.created_at', (r) => ({ ...taskWire(r as unknown as TaskRow), userName: launcherOf(r), flowVersion: r.flow_version === null || r.flow_version === undefined ? '' : String(r.flow_version) }), ['fv.version as flow_version']));
  });

  /** DELETE FlowMonitor `{ ids: "a,b" }` (administrators): deletes finished tasks (not those in approval or suspended). */
  app.delete<{ Body: { ids?: string | string[] } }>(
    `${E}/FlowMonitor`,
    { config: signedIn, schema: { body: { type: 'object', properties: { ids: { anyOf: [{ type: 'string', maxLength: 20000 }, { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } }] } } } } },
    async (req) => {
      if (!callerOf(req).isAdministrator) throw fail(403, 'notAdmin');
      const ids = idsOfValue(req.body?.ids);
      if (!ids.length) throw fail(404, 'taskNotFound');
      const res = await db.deleteFrom('flow_task').where('id', 'in', ids).where('status', 'not in', [1, 6]).executeTakeFirst();
      return ok({ count: Number(res.numDeletedRows) }, t(req.lang, 'deleteOk'));
    },
  );

  /** GET /api/visualdev/Dashboard/FlowTodoCount → `{ toBeReviewed, entrust, flowDone }` of the caller (portal's to-do card). */
  app.get('/api/visualdev/Dashboard/FlowTodoCount', { config: signedIn }, async (req) => {
    const me = callerOf(req).userId;
    const open = await db
      .selectFrom('flow_task_operator as o')
      .innerJoin('flow_task as t', 't.id', 'o.task_id')
      .select([sql<string>`count(*)`.as('all'), sql<string>`count(o.delegator_id)`.as('entrust')])
      .where('o.handle_id', '=', me)
      .where('o.state', '=', 0)
      .where('o.completion', '=', 0)
      .where('t.status', '=', 1)
      .executeTakeFirstOrThrow();
    const done = await db.selectFrom('flow_task_record').select(sql<string>`count(*)`.as('n')).where('handle_id', '=', me).where('handle_status', 'in', [0, 1]).where('status', '=', 0).executeTakeFirstOrThrow();
    return ok({ toBeReviewed: Number(open.all), entrust: Number(open.entrust), flowDone: Number(done.n) });
  });

  await delegateRoutes(app);
}
