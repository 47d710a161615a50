import type { FastifyInstance } from 'fastify';
import { toMs } from '../../db/json';
import { ApiError, ok } from '../../plugins/envelope';
import '../workflow/tables';
import { DashboardQuerySchema } from './schemas';

type Q = { Querystring: { pageSize?: number } };

/**
 * The portal cards' dashboard lists (issue 16 item 3; reference print-report-portal.md §4), the caller's own rows,
 * newest first, at most `pageSize` (default 10, ≤ 50); `n` and other query keys ignored. FlowTodoCount is served by
 * the workflow module (workflow/list-routes.ts).
 */
export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const D = '/api/visualdev/Dashboard';
  const me = (req: { auth?: { userId: string } | null }) => {
    if (!req.auth) throw ApiError.forbidden();
    return req.auth.userId;
  };
  const cfg = { config: { access: 'signedIn' as const }, schema: { querystring: DashboardQuerySchema } };

  /** GET Dashboard/Notice → `{ list: [{ id, fullName, creatorTime (ms) }] }`: released notices the caller received. */
  app.get<Q>(`${D}/Notice`, cfg, async (req) => {
    const rows = await db
      .selectFrom('message as m')
      .innerJoin('message_receive as r', 'r.message_id', 'm.id')
      .select(['m.id', 'm.title', 'm.release_time', 'm.created_at'])
      .where('r.user_id', '=', me(req))
      .where('m.type', '=', 1)
      .where('m.enabled_mark', '=', 1)
      .where('m.f_deleted_at', 'is', null)
      .orderBy('m.release_time', 'desc')
      .orderBy('m.id')
      .limit(req.query.pageSize ?? 10)
      .execute();
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.title, creatorTime: toMs(r.release_time ?? r.created_at) })) });
  });

  /**
   * GET Dashboard/FlowTodo → `{ list: [{ id (operator id), taskId, fullName (task title), flowName, nodeName,
   * creatorTime (received, ms) }] }`: the caller's open to-dos (as FlowBefore/List/1).
   */
  app.get<Q>(`${D}/FlowTodo`, cfg, async (req) => {
    const rows = await db
      .selectFrom('flow_task_operator as o')
      .innerJoin('flow_task as t', 't.id', 'o.task_id')
      .select(['o.id', 'o.task_id', 'o.node_name', 'o.created_at', 't.full_name', 't.flow_name'])
      .where('o.handle_id', '=', me(req))
      .where('o.state', '=', 0)
      .where('o.completion', '=', 0)
      .where('t.status', '=', 1)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id')
      .limit(req.query.pageSize ?? 10)
      .execute();
    return ok({ list: rows.map((r) => ({ id: r.id, taskId: r.task_id, fullName: r.full_name, flowName: r.flow_name, nodeName: r.node_name, creatorTime: toMs(r.created_at) })) });
  });

  /** GET Dashboard/MyFlowTodo → `{ list: [{ id (task id), fullName, flowName, thisStep, creatorTime (ms) }] }`: the caller's tasks in approval. */
  app.get<Q>(`${D}/MyFlowTodo`, cfg, async (req) => {
    const rows = await db
      .selectFrom('flow_task as t')
      .select(['t.id', 't.full_name', 't.flow_name', 't.this_step', 't.created_at'])
      .where('t.creator_user_id', '=', me(req))
      .where('t.status', '=', 1)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id')
      .limit(req.query.pageSize ?? 10)
      .execute();
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.full_name, flowName: r.flow_name, thisStep: r.this_step, creatorTime: toMs(r.created_at) })) });
  });
}
