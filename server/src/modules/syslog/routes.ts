import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { KeywordSchema } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { deleteLogs, emptyLogs, listLogs } from './repository';

/** The menu (enCode) of 系统日志 (JNPF system/log); btn_remove guards the deletes. */
export const LOG_MENU = 'sysLog';

/** The kinds a list or an empty may name: 1 sign-in, 3 operation, 4 exception, 5 request. */
const TypeParams = Type.Object({ type: Type.Integer({ enum: [1, 3, 4, 5] }) });
const ListQuery = Type.Object({
  keyword: Type.Optional(KeywordSchema),
  startTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
const IdsBody = Type.Object({ ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 1000 }) });

/** The kinds for the page's type switch: `[{ id, fullName }]`. */
const KINDS = [
  { id: 1, fullName: '登录日志' },
  { id: 3, fullName: '操作日志' },
  { id: 4, fullName: '异常日志' },
  { id: 5, fullName: '请求日志' },
];

/**
 * System logs (issue 23 item 2; JNPF `/api/system/Log`), administrators only (the sysLog menu's grants). Rows are
 * written by syslog/hooks.ts (kinds 3–5) and the sign-in route (kind 1, login_log).
 */
export default async function sysLogRoutes(app: FastifyInstance): Promise<void> {
  /** GET /api/system/LogType → `[{ id, fullName }]`: the four kinds (the 系统日志 page's switch). */
  app.get('/api/system/LogType', { config: { access: { menu: LOG_MENU } } }, async () => ok(KINDS));

  /**
   * GET /api/system/Log/{type}?keyword&startTime&endTime&currentPage&pageSize → `{ list, pagination }`, newest first
   * (repository.ts LogRowOut); times epoch ms, inclusive; keyword matches user, IP, address, module, action, error id,
   * message. A type other than 1, 3, 4, 5 → 400.
   */
  app.get<{ Params: { type: number }; Querystring: { keyword?: string; startTime?: number; endTime?: number; currentPage?: number; pageSize?: number } }>(
    '/api/system/Log/:type',
    { config: { access: { menu: LOG_MENU } }, schema: { params: TypeParams, querystring: ListQuery } },
    async (req) => {
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 20;
      const keyword = req.query.keyword?.trim() || undefined;
      const { list, total } = await listLogs(app.db, { type: req.params.type, keyword, startTime: req.query.startTime, endTime: req.query.endTime, currentPage, pageSize });
      return ok({ list, pagination: { currentPage, pageSize, total } });
    },
  );

  /** DELETE /api/system/Log with `{ ids }`: deletes those rows (any kind; unknown ids are ignored). */
  app.delete<{ Body: { ids: string[] } }>('/api/system/Log', { config: { access: { menu: LOG_MENU, button: 'btn_remove' } }, schema: { body: IdsBody } }, async (req) => {
    await deleteLogs(app.db, req.body.ids);
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /** DELETE /api/system/Log/{type}: empties that kind. */
  app.delete<{ Params: { type: number } }>('/api/system/Log/:type', { config: { access: { menu: LOG_MENU, button: 'btn_remove' } }, schema: { params: TypeParams } }, async (req) => {
    await emptyLogs(app.db, req.params.type);
    return ok(null, t(req.lang, 'deleteOk'));
  });
}
