import type { FastifyInstance } from 'fastify';
import { type ColumnType, type Generated, type RawBuilder, sql } from 'kysely';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { ok } from '../../plugins/envelope';
import { recycleFail, recycleText } from '../visualdev/recycle-messages';
import { likePattern } from '../visualdev/list-filter';
import { coversAnyFlow, type DelegateType, delegateTypeOf, flowIdsOf, sameUse } from './delegate-scope';
import { fail } from './messages';
import { callerOf } from './task-routes';

/**
 * Versions and recycle bin of flow delegations (流程委托; issue 27 items 1-2, migration 0681). A delegation has a
 * version (row-version.ts: a PUT carrying an older one is refused, 409 naming who and when) and a delete only marks it.
 * A binned delegation delegates nothing: approvers are not handed to its delegate (org-resolver.ts delegateOf), its
 * delegate cannot launch for the delegator (委托发起, delegate-launch.ts), it is in neither FlowDelegate list nor
 * detail, and it blocks no new delegation (overlap checks read live rows). Each user's bin holds their own binned
 * delegations; a restore brings one back with the same id and values (it applies again at once) unless a live
 * delegation now overlaps it or forms a chain with it. The 回收站清理 job purges binned ones after the retention.
 */

type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

declare module './tables' {
  /** Migration 0681's columns. */
  interface FlowDelegateTable {
    f_version: Generated<number>;
    updated_at: Stamp;
    updated_by: string | null;
    f_deleted_at: Stamp;
    f_deleted_by: string | null;
  }
}

/** The overlap refusal of a create, update or restore (the message list-routes.ts check answers). */
export const overlapFail = () => fail(400, 'badDelegate', { detail: { zh: '委托时间与已有委托重叠或形成委托链', en: 'it overlaps another delegation or forms a chain' } });

/**
 * What an overlap check needs of a delegation: who delegates to whom, which flows (the stored `flow_id`: ids joined
 * by ",", null: every flow), of which kind (delegate-scope.ts: 0 发起委托, 1 审批委托, null both), when.
 */
export interface DelegateSpan {
  id?: string;
  creator: string;
  toUserId: string;
  flowId: string | null;
  type?: DelegateType;
  start: Date;
  end: Date;
}

/**
 * True when a live delegation other than `d.id` overlaps `d` in time and kind (the same kind, or either of no kind):
 * the delegate's own delegation to anyone for a flow of `d` (a chain), the delegator's other delegation for a flow of
 * `d`, or one made to the delegator (a chain). A 发起委托 and a 审批委托 of the same flows do not overlap.
 */
export async function overlapsLive(db: Db, d: DelegateSpan): Promise<boolean> {
  const base = () =>
    db
      .selectFrom('flow_delegate')
      .select('id')
      .where('f_deleted_at', 'is', null)
      .where('start_time', '<', d.end)
      .where('end_time', '>', d.start)
      .where('id', '<>', d.id ?? '')
      .where((eb) => sameUse(eb, 'flow_delegate', d.type ?? null));
  const flows = flowIdsOf(d.flowId);
  const sameFlows = () => base().where((eb) => coversAnyFlow(eb, 'flow_delegate', flows));
  return !!(
    (await sameFlows().where('creator_user_id', '=', d.toUserId).executeTakeFirst()) ||
    (await sameFlows().where('creator_user_id', '=', d.creator).executeTakeFirst()) ||
    (await base().where('to_user_id', '=', d.creator).executeTakeFirst())
  );
}

/**
 * GET FlowDelegate/Recycle?currentPage&pageSize(≤200)&keyword → `{ list: [{ id, version, toUserId, toUserName, flowId,
 * flowName, startTime, endTime, description, deletedAt, deletedBy, deletedByName }], pagination }`: the caller's binned
 * delegations, newest deletion first (keyword: delegate or flow name). POST FlowDelegate/Recycle/Actions/Restore
 * `{ ids }` → `{ count }` (恢复成功，共N条); ids not in the caller's bin are skipped; 400 badDelegate (overlap) when a
 * live delegation now overlaps one of them, nothing restored then. Any signed-in user (their own bin).
 */
export async function delegateBinRoutes(app: FastifyInstance, base: string): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const db = app.db;
  app.get<{ Querystring: { currentPage?: number; pageSize?: number; keyword?: string } }>(
    `${base}/Recycle`,
    {
      config: signedIn,
      schema: { querystring: { type: 'object', properties: { currentPage: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 200 }, keyword: { type: 'string', maxLength: 200 }, n: {} } } },
    },
    async (req) => {
      const me = callerOf(req).userId;
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 20;
      let q = db.selectFrom('flow_delegate as d').where('d.creator_user_id', '=', me).where('d.f_deleted_at', 'is not', null);
      const kw = (req.query.keyword ?? '').trim();
      if (kw) q = q.where((eb) => eb.or([eb('d.to_user_name', 'ilike', likePattern(kw)), eb('d.flow_name', 'ilike', likePattern(kw))]));
      const count = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
      const rows = await q
        .leftJoin('users as u', 'u.id', 'd.f_deleted_by')
        .selectAll('d')
        .select('u.real_name as deleted_by_name')
        .orderBy('d.f_deleted_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      const list = rows.map((r) => ({
        id: r.id,
        version: r.f_version,
        toUserId: r.to_user_id,
        toUserName: r.to_user_name,
        flowId: r.flow_id,
        flowName: r.flow_name,
        startTime: toMs(r.start_time),
        endTime: toMs(r.end_time),
        description: r.description,
        deletedAt: toMs(r.f_deleted_at),
        deletedBy: r.f_deleted_by,
        deletedByName: r.deleted_by_name ?? null,
      }));
      return ok({ list, pagination: { currentPage, pageSize, total: Number(count?.n ?? 0) } });
    },
  );
  app.post<{ Body: { ids?: unknown } | null }>(`${base}/Recycle/Actions/Restore`, { config: signedIn }, async (req) => {
    const me = callerOf(req).userId;
    const raw = req.body?.ids;
    const ids = [...new Set((Array.isArray(raw) ? raw : []).filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100))];
    if (!ids.length || ids.length > 1000) throw recycleFail(400, 'idsToRestore');
    const count = await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('flow_delegate').selectAll().where('id', 'in', ids).where('creator_user_id', '=', me).where('f_deleted_at', 'is not', null).orderBy('id').forUpdate().execute();
      for (const r of rows) {
        // Restored one by one: a later one must not overlap an earlier one either.
        if (await overlapsLive(trx, { id: r.id, creator: r.creator_user_id, toUserId: r.to_user_id, flowId: r.flow_id, type: delegateTypeOf(r.delegate_type), start: new Date(r.start_time), end: new Date(r.end_time) })) throw overlapFail();
        await trx
          .updateTable('flow_delegate')
          .set({ f_deleted_at: null, f_deleted_by: null, f_version: sql`f_version + 1`, updated_at: new Date(), updated_by: me })
          .where('id', '=', r.id)
          .execute();
      }
      return rows.length;
    });
    return ok({ count }, recycleText('restoreOk', { count }, req.lang));
  });
}

/** Purges delegations binned before `cutoff` (the 回收站清理 job). Returns how many. */
export async function purgeDelegateBin(db: Db, cutoff: RawBuilder<Date>): Promise<number> {
  const r = await db.deleteFrom('flow_delegate').where('f_deleted_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}
