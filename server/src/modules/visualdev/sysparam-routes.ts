import type { FastifyPluginAsync } from 'fastify';
import { jsonb } from '../../db/json';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { fail } from './messages';

/**
 * POST /api/SubDev/CommonData/UpdateSysparamter/{id} (spec 001 §7 "Visual dev"): stores a system parameter — a JSON
 * value keyed by id (`sys_parameter`, migration 0200), created or replaced. Body: `{ value: <any JSON> }`, or any
 * other JSON object, which is then the value itself (≤ 64 KB). Administrators only (403 暂无权限 otherwise); returns
 * `{ id, value }`, msg 修改成功. The id is 1–100 letters, digits, `_`, `-` or `.`.
 */
const sysparamRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { id: string }; Body: unknown }>(
    '/api/SubDev/CommonData/UpdateSysparamter/:id',
    {
      config: { access: 'signedIn' },
      bodyLimit: 64 * 1024,
      schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' } } } },
    },
    async (req) => {
      if (!req.auth?.isAdministrator) throw ApiError.forbidden();
      const body = req.body;
      const value = body && typeof body === 'object' && !Array.isArray(body) && 'value' in body ? (body as { value: unknown }).value : body;
      if (value === undefined) throw fail(400, 'searchValueInvalid', { field: 'value' }, { field: 'value' });
      await app.db
        .insertInto('sys_parameter')
        .values({ id: req.params.id, value: jsonb(value), updated_by: req.auth.userId })
        .onConflict((oc) => oc.column('id').doUpdateSet({ value: jsonb(value), updated_at: new Date(), updated_by: req.auth!.userId }))
        .execute();
      return ok({ id: req.params.id, value }, t(req.lang, 'updateOk'));
    },
  );
};

export default sysparamRoutes;
