import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../../../schemas/wire/common';
import { type OrgListQuery, OrgListQuerySchema, type RoleBody, RoleBodySchema } from '../../../../schemas/wire/organization';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { registerRecordActions, userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { MENU } from './common';
import { createRole, deleteRole, getRole, listRoles, toggleRole, updateRole } from './role-repository';

const access = (button?: string) => ({ access: { menu: MENU.role, ...(button ? { button } : {}) } });

/**
 * Roles (spec 001 §7 Role; reference/permissions.md §1): global (globalMark 1) or bound to organisations, with
 * members (UserRelation) and a state. Behind the 角色管理 menu (enCode role) and its buttons. Rows: `{ id, fullName,
 * enCode, type, globalMark, organizeIds, organizeName, description, sortCode, enabledMark, creatorTime }`.
 */
export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  /** GET /api/permission/Role?keyword&organizeId&enabledMark&currentPage&pageSize → `{ list, pagination }`. */
  app.get<{ Querystring: OrgListQuery }>('/api/permission/Role', { config: access(), schema: { querystring: OrgListQuerySchema } }, async (req) => ok(await listRoles(app.db, req.query)));
  /** POST /api/permission/Role → `{ id }`. 400 names the field (required, code taken, unknown organisation). */
  app.post<{ Body: RoleBody }>('/api/permission/Role', { config: access('btn_add'), schema: { body: RoleBodySchema } }, async (req) => ok({ id: await createRole(app.db, req.body) }, t(req.lang, 'createOk')));
  /** POST /api/permission/Role/{id}: update → `{ version }`. 404 unknown id; 400 as create; 409 an older `version` (issue 27). */
  app.post<{ Params: { id: string }; Body: RoleBody }>('/api/permission/Role/:id', { config: access('btn_edit'), schema: { params: IdParamsSchema, body: RoleBodySchema } }, async (req) =>
    ok({ version: await updateRole(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk')),
  );
  /** GET /api/permission/Role/{id} → the row. 404 unknown id. */
  app.get<{ Params: { id: string } }>('/api/permission/Role/:id', { config: access(), schema: { params: IdParamsSchema } }, async (req) => ok(await getRole(app.db, req.params.id)));
  /** DELETE /api/permission/Role/{id}?version (400 while it has members or grants; 409 an older version) and POST Role/{id}/Actions/State (toggle → `{ enabledMark }`). */
  registerRecordActions(app, {
    base: '/api/permission/Role',
    menu: MENU.role,
    remove: (id, req) => deleteRole(app.db, id, { version: versionOf(req.query), actor: userOf(req) }),
    toggle: (id, req) => toggleRole(app.db, id, userOf(req)),
  });
}
