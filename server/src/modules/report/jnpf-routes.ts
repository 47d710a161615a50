import type { FastifyInstance } from 'fastify';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { REPORT_MENU } from './access';
import { copyReport, deleteReport, listReports, reportSelector } from './repository';
import { type ReportListQuery, ReportListQuerySchema } from './schemas';

/**
 * The path a production build of JNPF v3.4's web client calls for data reports: its report server,
 * `VUE_APP_BASE_API + '/ReportServer'` (wuqingguang0816/Mnxhp src/utils/define.js:13), `/api/datareport/Data…`
 * (src/api/onlineDev/dataReport.js:5-32). Served here on the same origin with our report data (routes.ts, whose
 * `/api/datareport` shapes are unchanged), behind the same 数据报表 menu and buttons:
 * - GET /ReportServer/api/datareport/Data?keyword&category&currentPage&pageSize&sort&sidx → `{ list, pagination }`:
 *   the rows of GET /api/datareport/Data plus `categoryId` (the category's code; views/onlineDev/dataReport/index.vue:51-55
 *   shows the name of the item of its ReportSort dictionary with that id, blank when it has none) — the page reads
 *   `res.data.list` and `res.data.pagination.total` (:162-165) and the row members fullName, enCode, creatorUser,
 *   creatorTime, lastModifyTime, sortCode (:49-61);
 * - GET …/Data/Selector → `{ list }` as /api/datareport/Data/Selector;
 * - DELETE …/Data/{id} (btn_remove) and POST …/Data/Copy/{id} (btn_add): as ours, `res.msg` shown (:193-229).
 * The report designer itself (the page's Form.vue) is JNPF's report server's own web app and is not served.
 */
export default async function jnpfReportRoutes(app: FastifyInstance): Promise<void> {
  const BASE = '/ReportServer/api/datareport/Data';
  const menu = (button?: string) => ({ access: { menu: REPORT_MENU, ...(button ? { button } : {}) } });
  app.get<{ Querystring: ReportListQuery }>(BASE, { config: menu(), schema: { querystring: ReportListQuerySchema } }, async (req) => {
    const { list, pagination } = await listReports(app.db, req.query);
    return ok({ list: list.map((r) => ({ ...r, categoryId: r.category })), pagination });
  });
  app.get(`${BASE}/Selector`, { config: { access: 'signedIn' } }, async () => ok({ list: await reportSelector(app.db) }));
  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, { config: menu('btn_remove'), schema: { params: ID_PARAMS } }, async (req) => {
    await deleteReport(app.db, req.params.id, { version: versionOf(req.query), actor: userOf(req) });
    return ok(null, t(req.lang, 'deleteOk'));
  });
  app.post<{ Params: { id: string } }>(`${BASE}/Copy/:id`, { config: menu('btn_add'), schema: { params: ID_PARAMS } }, async (req) =>
    ok({ id: await copyReport(app.db, req.params.id, userOf(req)) }, t(req.lang, 'createOk')),
  );
}
