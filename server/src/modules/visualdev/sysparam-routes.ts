import dayjs from 'dayjs';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { jsonb } from '../../db/json';
import type { Db } from '../../db/types';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { rowVersionFail } from '../_shared/row-version-messages';
import { fail } from './messages';
import { versionOf } from './record-version';
import { versionFail } from './record-version-messages';

/**
 * Writes system parameter `id` = `value` by `actor` in one statement that steps its version (`f_version`, migration
 * 0684) → the new version. `version`: the one the caller holds (undefined: no check, created or replaced as before
 * versions). @throws ApiError 400 versionAhead (a version never given out, or one for a parameter never saved),
 * LocalizedError 409 staleUpdate naming who wrote it last and when (`data: { version }`, the current one); nothing
 * written then.
 */
async function writeParameter(db: Db, id: string, value: unknown, version: number | undefined, actor: string): Promise<number> {
  const step = { value: jsonb(value), updated_at: new Date(), updated_by: actor, f_version: sql<number>`sys_parameter.f_version + 1` };
  if (version === undefined) {
    const row = await db
      .insertInto('sys_parameter')
      .values({ id, value: jsonb(value), updated_by: actor })
      .onConflict((oc) => oc.column('id').doUpdateSet(step))
      .returning('f_version')
      .executeTakeFirstOrThrow();
    return Number(row.f_version);
  }
  const row = await db.updateTable('sys_parameter').set(step).where('id', '=', id).where('f_version', '=', version).returning('f_version').executeTakeFirst();
  if (row) return Number(row.f_version);
  const cur = await db.selectFrom('sys_parameter').leftJoin('users', 'users.id', 'sys_parameter.updated_by').select(['sys_parameter.f_version', 'sys_parameter.updated_at', 'users.real_name']).where('sys_parameter.id', '=', id).executeTakeFirst();
  if (!cur || version > Number(cur.f_version)) throw versionFail(400, 'versionAhead', { version });
  const data = { version: Number(cur.f_version) };
  if (cur.real_name && cur.updated_at) throw rowVersionFail(409, 'staleUpdate', { user: cur.real_name, time: dayjs(cur.updated_at).format('YYYY-MM-DD HH:mm:ss') }, data);
  throw rowVersionFail(409, 'staleUpdateAnon', {}, data);
}

/**
 * POST /api/SubDev/CommonData/UpdateSysparamter/{id} (spec 001 §7 "Visual dev"): stores a system parameter — a JSON
 * value keyed by id (`sys_parameter`, migration 0200), created or replaced. Body: `{ value: <any JSON>, version? }`, or
 * any other JSON object, which is then the value itself (≤ 64 KB). Administrators only (403 暂无权限 otherwise);
 * returns `{ id, value, version }`, msg 修改成功. The id is 1–100 letters, digits, `_`, `-` or `.`. `version` (issue 27
 * item 1; only beside `value`): the one the last answer gave; an older one → 409 naming who wrote it last and when,
 * nothing written. Without it the write wins, as before versions.
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
      const wrapped = !!body && typeof body === 'object' && !Array.isArray(body) && 'value' in body;
      const value = wrapped ? (body as { value: unknown }).value : body;
      if (value === undefined) throw fail(400, 'searchValueInvalid', { field: 'value' }, { field: 'value' });
      const version = await writeParameter(app.db, req.params.id, value, wrapped ? versionOf(body) : undefined, req.auth.userId);
      return ok({ id: req.params.id, value, version }, t(req.lang, 'updateOk'));
    },
  );
};

export default sysparamRoutes;
