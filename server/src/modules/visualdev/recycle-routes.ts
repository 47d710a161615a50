import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../plugins/envelope';
import { trimRow } from './field-access';
import { modelOf, pageSizeOf } from './onlinedev-routes';
import { actorOf } from './record-service';
import { recycleFail, recycleText } from './recycle-messages';
import { listRecycle, restoreRecords } from './recycle-repository';

type IdParams = { id: string };

/** The button grant of the recycle bin (policy engine: a grant on the model menu's button of this enCode; admins pass). */
export const RECYCLE_BUTTON = 'btn_recycle';

/** The recycle bin routes of a model (issue 27 item 2; recycle-repository.ts). */
const recycleRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/visualdev/OnlineDev/{id}/Recycle?currentPage&pageSize(≤200, default 20)&keyword → `{ list: [{ id,
   * version, ...fields, deletedAt (ms), deletedBy (user id), deletedByName }], pagination }`, newest deletion first
   * (btn_recycle).
   */
  app.get<{ Params: IdParams; Querystring: { currentPage?: number; pageSize?: number; keyword?: string } }>(
    '/api/visualdev/OnlineDev/:id/Recycle',
    {
      config: { access: { model: 'id', button: RECYCLE_BUTTON } },
      schema: { querystring: { type: 'object', properties: { currentPage: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 200 }, keyword: { type: 'string', maxLength: 200 }, n: {} } } },
    },
    async (req) => {
      const model = await modelOf(req);
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = pageSizeOf(req.query.pageSize, 20);
      const { list, total } = await listRecycle(app.db, model, { currentPage, pageSize, keyword: (req.query.keyword ?? '').trim() }, req.decision?.rowFilter ?? null);
      return ok({ list: list.map((r) => trimRow(r, req.decision, model)), pagination: { currentPage, pageSize, total } });
    },
  );

  /**
   * POST /api/visualdev/OnlineDev/{id}/Recycle/Actions/Restore `{ ids: string[] (1..1000) }` (btn_recycle) → `{ count }`,
   * msg 恢复成功，共N条; ids not in the bin are skipped; a unique value now taken → 400 naming the field, nothing restored.
   */
  app.post<{ Params: IdParams; Body: { ids?: unknown } }>('/api/visualdev/OnlineDev/:id/Recycle/Actions/Restore', { config: { access: { model: 'id', button: RECYCLE_BUTTON } } }, async (req) => {
    const model = await modelOf(req);
    const raw = req.body?.ids;
    const ids = (Array.isArray(raw) ? raw : []).filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100);
    if (!ids.length || ids.length > 1000) throw recycleFail(400, 'idsToRestore');
    const count = await restoreRecords(app.db, model, [...new Set(ids)], actorOf(req), req.decision?.rowFilter ?? null);
    return ok({ count }, recycleText('restoreOk', { count }, req.lang));
  });
};

export default recycleRoutes;
