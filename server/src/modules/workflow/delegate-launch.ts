import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { coversFlow, flowIdsOf, servesUse } from './delegate-scope';
import { canLaunch, flowRow } from './flow-repository';
import { fail } from './messages';
import type { FlowTaskBody } from './schemas';
import { callerOf } from './task-routes';
import { type ActionResult, type Caller, saveTask } from './task-service';

/**
 * 委托发起 (JNPF v3.4.7 流程委托's first tab, Mnxhp de4cb9f0 src/views/workFlow/entrust/index.vue, myEntrust.vue;
 * FlowBox.vue:817-819 sends `delegateUserList`): a delegate launches a flow on behalf of the users who delegated it to
 * them. The delegation rules are the ones the server has (list-routes.ts FlowDelegate): a delegation of the user to the
 * caller, naming the flow or none (every flow), in force now ([start, end)); the launcher must be enabled and allowed to
 * launch the flow. The task is the launcher's (他的我发起的, his managers for approvers); `delegate_user_id` keeps the
 * delegate, who may read it and edit it while it is a draft, rejected or withdrawn.
 */

/**
 * Users who delegated flow `flowId` to `toUserId` at `now` for launching (发起委托, or a delegation of no kind; its flows
 * naming it or none: delegate-scope.ts), enabled, outside the recycle bin; binned delegations count not.
 */
function delegators(db: Db, toUserId: string, flowId: string | null, now = new Date()) {
  let q = db
    .selectFrom('flow_delegate as d')
    .innerJoin('users as u', 'u.id', 'd.creator_user_id')
    .where('d.to_user_id', '=', toUserId)
    .where('d.start_time', '<=', now)
    .where('d.end_time', '>', now)
    .where('d.f_deleted_at', 'is', null)
    .where((eb) => servesUse(eb, 'd', 0))
    .where('u.enabled_mark', '<>', 0)
    .where('u.f_deleted_at', 'is', null);
  if (flowId) q = q.where((eb) => coversFlow(eb, 'd', flowId));
  return q;
}

/** The session-like caller of user `userId`, who delegated flow `flowId` to `by` now (the launcher a delegate acts for). @throws 403 notDelegated. */
export async function delegatedLauncher(db: Db, userId: string, by: Caller, flowId: string): Promise<Caller> {
  const u = await delegators(db, by.userId, flowId).select(['u.id', 'u.real_name', 'u.is_administrator', 'u.organize_id', 'u.position_id']).where('u.id', '=', userId).executeTakeFirst();
  if (!u) throw fail(403, 'notDelegated');
  return { userId: u.id, realName: u.real_name, isAdministrator: u.is_administrator, organizeId: u.organize_id, positionId: u.position_id };
}

/**
 * POST FlowTask with `delegateUserList` (a new task): one task per listed user, each launched as that user with the
 * caller as its delegate, after checking every user first (none is launched when one is not delegated or may not launch
 * the flow). Without the list, or for PUT, as saveTask; PUT FlowTask/{id} by a task's delegate edits it as its launcher
 * while the delegation holds. Returns the first task's result.
 * @throws 403 notDelegated / flowNotVisible, and saveTask's refusals (a later user's refusal leaves earlier tasks).
 */
export async function saveTaskAs(db: Db, caller: Caller, b: FlowTaskBody, id: string | undefined, lang: Lang): Promise<ActionResult> {
  if (id) {
    const row = await db.selectFrom('flow_task').select(['creator_user_id', 'delegate_user_id', 'flow_id']).where('id', '=', id).executeTakeFirst();
    if (row && row.creator_user_id !== caller.userId && row.delegate_user_id === caller.userId) return saveTask(db, await delegatedLauncher(db, row.creator_user_id, caller, row.flow_id), b, id, lang);
    return saveTask(db, caller, b, id, lang);
  }
  const users = [...new Set(b.delegateUserList ?? [])];
  if (!users.length) return saveTask(db, caller, b, undefined, lang);
  const flow = await flowRow(db, b.flowId);
  const launchers: Caller[] = [];
  for (const u of users) {
    const l = await delegatedLauncher(db, u, caller, flow.id);
    if (!(await canLaunch(db, l, flow))) throw fail(403, 'flowNotVisible');
    launchers.push(l);
  }
  let first: ActionResult | null = null;
  for (const l of launchers) {
    const r = await saveTask(db, l, { ...b, id: launchers.length > 1 ? null : b.id, delegateUserList: undefined }, undefined, lang, caller.userId);
    first ??= r;
  }
  return first as ActionResult;
}

/**
 * 委托发起's pickers:
 * - GET FlowDelegate/getflow?currentPage,pageSize,keyword,category (myEntrust.vue:135-150) → `{ list: [{ id, enCode,
 *   fullName, icon, iconBackground, category }], pagination }`: released flows someone delegated to the caller now
 *   (a delegation naming no flow covers every released flow); the card then opens FlowJsonList/{id} (getFlowList).
 * - GET FlowDelegate/userList?flowId (entrust/index.vue:384-400) → `{ list: [{ id, fullName, headIcon, organize }] }`:
 *   who delegated that flow to the caller now; FlowBox then launches with `delegateUserList` of the picked ids.
 */
export async function delegateLaunchRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const D = '/api/workflow/Engine/FlowDelegate';
  const q = { type: 'object', properties: { flowId: { type: 'string', maxLength: 100 }, keyword: { type: 'string', maxLength: 100 }, category: { type: 'string', maxLength: 100 }, currentPage: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 500 } } } as const;
  type Q = { Querystring: { flowId?: string; keyword?: string; category?: string; currentPage?: number; pageSize?: number } };

  app.get<Q>(`${D}/getflow`, { config: signedIn, schema: { querystring: q } }, async (req) => {
    const me = callerOf(req).userId;
    const scopes = await delegators(app.db, me, null).select('d.flow_id').execute();
    const all = scopes.some((s) => !flowIdsOf(s.flow_id).length);
    const ids = [...new Set(scopes.flatMap((s) => flowIdsOf(s.flow_id)))];
    const currentPage = req.query.currentPage ?? 1;
    const pageSize = req.query.pageSize ?? 20;
    if (!all && !ids.length) return ok({ list: [], pagination: { currentPage, pageSize, total: 0 } });
    let f = app.db.selectFrom('flow_engine').where('enabled_mark', '=', 1).where('version', '>=', 1).where('f_deleted_at', 'is', null);
    if (!all) f = f.where('id', 'in', ids);
    const kw = req.query.keyword?.trim();
    if (kw) f = f.where('full_name', 'like', `%${kw.replace(/[\\%_]/g, '\\$&')}%`);
    if (req.query.category) f = f.where('category', '=', req.query.category);
    const { total } = await f.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await f.select(['id', 'en_code', 'full_name', 'icon', 'icon_background', 'category']).orderBy('sort_code').orderBy('full_name').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    const list = rows.map((r) => ({ id: r.id, enCode: r.en_code, fullName: r.full_name, icon: r.icon ?? '', iconBackground: r.icon_background ?? '', category: r.category }));
    return ok({ list, pagination: { currentPage, pageSize, total: Number(total) } });
  });

  app.get<Q>(`${D}/userList`, { config: signedIn, schema: { querystring: q } }, async (req) => {
    const rows = await delegators(app.db, callerOf(req).userId, req.query.flowId || null)
      .leftJoin('organize as g', 'g.id', 'u.organize_id')
      .select(['u.id', 'u.real_name', 'u.account', 'u.head_icon', 'g.full_name as organize'])
      .distinct()
      .orderBy('u.account')
      .execute();
    return ok({ list: rows.map((u) => ({ id: u.id, fullName: `${u.real_name}/${u.account}`, headIcon: u.head_icon ?? '', organize: u.organize ?? '' })) });
  });
}
