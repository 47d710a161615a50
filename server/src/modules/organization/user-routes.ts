import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../../../schemas/wire/common';
import { type OrgListQuery, OrgListQuerySchema, type ResetPasswordBody, ResetPasswordBodySchema, type UserBody, UserBodySchema } from '../../../../schemas/wire/organization';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { registerRecordActions } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { MENU, userItems } from './common';
import { getUser, listUsers } from './user-repository';
import { createUser, deleteUser, resetPassword, toggleUser, updateUser } from './user-write';

const access = (button?: string) => ({ access: { menu: MENU.user, ...(button ? { button } : {}) } });

/**
 * Users (spec 001 §7 Users; reference/permissions.md §1). Behind the 用户管理 menu (enCode user) and its buttons;
 * Users/All (names for pickers) needs a session. Rows: see user-repository.ts UserRow (never a password).
 * Body keys outside UserBody are dropped; see user-write.ts for the rules on isAdministrator, password, enabledMark.
 */
export default async function userRoutes(app: FastifyInstance): Promise<void> {
  /** GET /api/permission/Users?keyword&organizeId&enabledMark&currentPage&pageSize → `{ list, pagination }`. */
  app.get<{ Querystring: OrgListQuery }>('/api/permission/Users', { config: access(), schema: { querystring: OrgListQuerySchema } }, async (req) => ok(await listUsers(app.db, req.query)));
  /** GET /api/permission/Users/All → `{ list }` of enabled users `{ id, userId, account, realName, fullName, headIcon, organizeId, department }`. */
  app.get('/api/permission/Users/All', { config: { access: 'signedIn' } }, async () => ok({ list: await userItems(app.db, { enabledOnly: true }) }));
  /** POST /api/permission/Users → `{ id }`. 400 names the field; 403 isAdministrator from a non-administrator. */
  app.post<{ Body: UserBody }>('/api/permission/Users', { config: access('btn_add'), schema: { body: UserBodySchema } }, async (req) =>
    ok({ id: await createUser(app.db, req.auth!, req.body) }, t(req.lang, 'createOk')),
  );
  /**
   * POST /api/permission/Users/{id}: update (profile, organisation, positions, roles, manager) → `{ version }` (the new
   * one). 404/403/400 per user-write.ts; with an older `version` 409 naming who changed the user and when (issue 27).
   */
  app.post<{ Params: { id: string }; Body: UserBody }>('/api/permission/Users/:id', { config: access('btn_edit'), schema: { params: IdParamsSchema, body: UserBodySchema } }, async (req) =>
    ok({ version: await updateUser(app.db, req.auth!, req.params.id, req.body, versionOf(req.body)) }, t(req.lang, 'updateOk')),
  );
  /** GET /api/permission/Users/{id} → the row. 404 unknown id. */
  app.get<{ Params: { id: string } }>('/api/permission/Users/:id', { config: access(), schema: { params: IdParamsSchema } }, async (req) => ok(await getUser(app.db, req.params.id)));
  /** POST /api/permission/Users/{id}/Actions/ResetPassword `{ userPassword, validatePassword? }` (md5): the user must change it at next sign-in. */
  app.post<{ Params: { id: string }; Body: ResetPasswordBody }>(
    '/api/permission/Users/:id/Actions/ResetPassword',
    { config: access('btn_edit'), schema: { params: IdParamsSchema, body: ResetPasswordBodySchema } },
    async (req) => {
      await resetPassword(app.db, req.auth!, req.params.id, req.body);
      return ok(null, t(req.lang, 'updateOk'));
    },
  );
  /**
   * DELETE /api/permission/Users/{id}?version (to the recycle bin, issue 27; an older version → 409) and POST
   * Users/{id}/Actions/State (toggle → `{ enabledMark }`). The bin: _shared/builtin-recycle-routes.ts.
   */
  registerRecordActions(app, { base: '/api/permission/Users', menu: MENU.user, remove: (id, req) => deleteUser(app.db, req.auth!, id, versionOf(req.query)), toggle: (id, req) => toggleUser(app.db, req.auth!, id) });
}
