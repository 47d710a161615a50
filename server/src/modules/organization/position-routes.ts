import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../../../schemas/wire/common';
import { type OrgListQuery, OrgListQuerySchema, type PositionBody, PositionBodySchema } from '../../../../schemas/wire/organization';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import type { Db } from '../../db/types';
import { MENU } from './common';
import { assertOrgScope } from './org-scope';
import { allPositions, createPosition, deletePosition, getPosition, listPositions, updatePosition } from './position-repository';
import { versionOf } from '../_shared/row-version';
import { userOf } from '../_shared/record-routes';

/** The organisation owning position `id` (undefined when there is none: the repository then answers 404). */
const positionOrgOf = async (db: Db, id: string) => (await db.selectFrom('position').select('organize_id').where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst())?.organize_id;

const access = (button?: string) => ({ access: { menu: MENU.position, ...(button ? { button } : {}) } });

/**
 * Positions (spec 001 §7 Position; reference/permissions.md §1): each owned by an organisation (department), with
 * members. Behind the 岗位管理 menu (enCode position) and its buttons; Position/All (names for pickers) needs a session.
 * Rows: `{ id, organizeId, department, fullName, enCode, type, description, sortCode, enabledMark, creatorTime }`.
 */
export default async function positionRoutes(app: FastifyInstance): Promise<void> {
  /** GET /api/permission/Position?keyword&organizeId&enabledMark&currentPage&pageSize → `{ list, pagination }`. */
  app.get<{ Querystring: OrgListQuery }>('/api/permission/Position', { config: access(), schema: { querystring: OrgListQuerySchema } }, async (req) => ok(await listPositions(app.db, req.query)));
  /** GET /api/permission/Position/All → `{ list }` of the enabled positions. */
  app.get('/api/permission/Position/All', { config: { access: 'signedIn' } }, async () => ok({ list: await allPositions(app.db) }));
  /** POST /api/permission/Position → `{ id }`. 400 names the field (required, code taken, unknown organisation). */
  app.post<{ Body: PositionBody }>('/api/permission/Position', { config: access('btn_add'), schema: { body: PositionBodySchema } }, async (req) => {
    await assertOrgScope(app.db, req.auth!, [req.body.organizeId], 'add');
    return ok({ id: await createPosition(app.db, req.body) }, t(req.lang, 'createOk'));
  });
  /** POST /api/permission/Position/{id}: update → `{ version }`. 404 unknown id; 400 as create; 409 an older `version` (issue 27). */
  app.post<{ Params: { id: string }; Body: PositionBody }>('/api/permission/Position/:id', { config: access('btn_edit'), schema: { params: IdParamsSchema, body: PositionBodySchema } }, async (req) => {
    await assertOrgScope(app.db, req.auth!, [await positionOrgOf(app.db, req.params.id), req.body.organizeId], 'edit');
    return ok({ version: await updatePosition(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk'));
  });
  /** GET /api/permission/Position/{id} → the row. 404 unknown id. */
  app.get<{ Params: { id: string } }>('/api/permission/Position/:id', { config: access(), schema: { params: IdParamsSchema } }, async (req) => ok(await getPosition(app.db, req.params.id)));
  /** DELETE /api/permission/Position/{id}?version. 404 unknown id; 400 while it has members or grants; 409 an older version (issue 27). */
  app.delete<{ Params: { id: string } }>('/api/permission/Position/:id', { config: access('btn_remove'), schema: { params: IdParamsSchema } }, async (req) => {
    await assertOrgScope(app.db, req.auth!, [await positionOrgOf(app.db, req.params.id)], 'delete');
    await deletePosition(app.db, req.params.id, { version: versionOf(req.query), actor: userOf(req) });
    return ok(null, t(req.lang, 'deleteOk'));
  });
}
