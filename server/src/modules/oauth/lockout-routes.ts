import type { FastifyInstance } from 'fastify';
import { type IdParams, IdParamsSchema } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { unlockUser } from './lockout';

/**
 * PUT /api/permission/Users/{id}/Actions/unlock (JNPF's admin unlock; reference/permissions.md §5; issue 12 item 6):
 * clears the user's wrong-password count and lock (lockout.ts unlockUser), enabled_mark 2 → 1. Behind the 用户管理
 * menu's btn_edit (as the other user actions). 404 unknown id; 403 a non-administrator unlocking an administrator.
 */
export default async function lockoutRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Params: IdParams }>(
    '/api/permission/Users/:id/Actions/unlock',
    { config: { access: { menu: 'user', button: 'btn_edit' } }, schema: { params: IdParamsSchema } },
    async (req) => {
      const target = await app.db.selectFrom('users').select('is_administrator').where('id', '=', req.params.id).executeTakeFirst();
      if (!target) throw ApiError.notFound();
      if (target.is_administrator && !req.auth!.isAdministrator) throw ApiError.forbidden();
      await unlockUser(app.db, req.params.id);
      return ok(null, t(req.lang, 'unlockOk'));
    },
  );
}
