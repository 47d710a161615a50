import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../plugins/envelope';
import { recycleFail, recycleText } from '../visualdev/recycle-messages';
import { BIN_ENTITIES, type BinScope, listBin, restoreBin } from './builtin-recycle';
import { userOf } from './record-routes';

/** The button of a bin (the same enCode as a model's bin, visualdev/recycle-routes.ts RECYCLE_BUTTON). */
const RECYCLE_BUTTON = 'btn_recycle';

/**
 * The recycle bins of built-in entities (issue 27 item 2; builtin-recycle.ts), in the models' route shape, for each
 * entity base (users `/api/permission/Users`, dictionary types `/api/system/DictionaryType`, items
 * `/api/system/DictionaryData`, menus `/api/system/Menu`, organisations — companies and departments in one bin —
 * `/api/permission/Organize`, roles `/api/permission/Role`, positions `/api/permission/Position`):
 * - GET `{base}/Recycle?currentPage&pageSize(≤200, default 20)&keyword` → `{ list: [{ id, version, ...fields,
 *   deletedAt (ms), deletedBy, deletedByName }], pagination }`, newest deletion first;
 * - POST `{base}/Recycle/Actions/Restore` `{ ids: string[] (1..1000) }` → `{ count }`, msg 恢复成功，共N条; 400 when no
 *   ids, a row's parent is in the bin or gone, or a live row took one of its unique values (restoreUnique naming the
 *   field, `data: { field, id }`); nothing restored then.
 * An entity with `scope` (a menu's items) also has `{base}/{param}/Recycle` and its Restore: one owner's rows only.
 * Both behind the entity's menu and its btn_recycle button (administrators always). At start, rows binned longer
 * than the retention (系统配置 recycleRetentionDays, default 30) are purged, as the models' bins are.
 */
const builtinRecycleRoutes: FastifyPluginAsync = async (app) => {
  for (const e of BIN_ENTITIES) {
    const access = { access: { menu: e.menu, button: RECYCLE_BUTTON } };
    // The whole bin, and with `scope` one owner's ({base}/{param}/Recycle: a menu's items).
    for (const scoped of e.scope ? [false, true] : [false]) {
      const path = scoped && e.scope ? `${e.base}/:${e.scope.param}/Recycle` : `${e.base}/Recycle`;
      const scopeOf = (params: unknown): BinScope | undefined => (scoped && e.scope ? { column: e.scope.column, value: String((params as Record<string, string>)[e.scope.param]) } : undefined);
      app.get<{ Querystring: { currentPage?: number; pageSize?: number; keyword?: string } }>(
        path,
        {
          config: access,
          schema: { querystring: { type: 'object', properties: { currentPage: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 200 }, keyword: { type: 'string', maxLength: 200 }, n: {} } } },
        },
        async (req) => {
          const currentPage = req.query.currentPage ?? 1;
          const pageSize = req.query.pageSize ?? 20;
          const { list, total } = await listBin(app.db, e, { currentPage, pageSize, keyword: (req.query.keyword ?? '').trim() }, scopeOf(req.params));
          return ok({ list, pagination: { currentPage, pageSize, total } });
        },
      );
      app.post<{ Body: { ids?: unknown } }>(`${path}/Actions/Restore`, { config: access }, async (req) => {
        const raw = req.body?.ids;
        const ids = (Array.isArray(raw) ? raw : []).filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100);
        if (!ids.length || ids.length > 1000) throw recycleFail(400, 'idsToRestore');
        const count = await restoreBin(app.db, e, [...new Set(ids)], userOf(req), scopeOf(req.params));
        return ok({ count }, recycleText('restoreOk', { count }, req.lang));
      });
    }
  }
};

export default builtinRecycleRoutes;
