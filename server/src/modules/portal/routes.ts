import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import type { SessionInfo } from '../../plugins/permissions';
import { sendJsonFile, userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import dashboardRoutes from './dashboard';
import { copyPortal, createPortal, deletePortal, getPortal, importPortal, listPortals, portalForViewer, portalSelector, setDefaultPortal, updatePortal } from './repository';
import { type PortalBody, PortalBodySchema, type PortalListQuery, PortalListQuerySchema, SelectorQuerySchema } from './schemas';

const BASE = '/api/visualdev/Portal';
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** The 门户管理 menu's enCode (seed/portal-demo.ts): the admin routes' access.menu. */
export const PORTAL_MENU = 'visualPortal';
const menu = (button?: string) => ({ access: { menu: PORTAL_MENU, ...(button ? { button } : {}) } });
type Id = { Params: { id: string } };

function session(req: FastifyRequest): SessionInfo {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth as SessionInfo;
}

/**
 * Portals (issue 16 item 3; JNPF portal.js, reference print-report-portal.md §3): management behind the 门户管理
 * menu (enCode visualPortal; btn_add, btn_edit, btn_remove); Selector, auth and SetDefault for any signed-in caller,
 * each limited to the portals the caller may see (repository.ts). Plus the dashboard lists (dashboard.ts).
 */
export default async function portalRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 } });

  /** GET Portal?keyword&category&currentPage&pageSize → `{ list, pagination }` (rows without formData). */
  app.get<{ Querystring: PortalListQuery }>(BASE, { config: menu(), schema: { querystring: PortalListQuerySchema } }, async (req) => ok(await listPortals(app.db, req.query)));

  /** GET Portal/Selector?type=1 → `{ list }`: the caller's visible portals under their categories (settings drawer). */
  app.get(`${BASE}/Selector`, { config: { access: 'signedIn' }, schema: { querystring: SelectorQuerySchema } }, async (req) => ok({ list: await portalSelector(app.db, session(req)) }));

  /** POST Portal → `{ id }`. 400 naming the field (names, code, layout: card types, grid, refresh, http(s) URLs). */
  app.post<{ Body: PortalBody }>(BASE, { config: menu('btn_add'), schema: { body: PortalBodySchema } }, async (req) => ok({ id: await createPortal(app.db, req.body, userOf(req)) }, t(req.lang, 'createOk')));

  /** POST Portal/Actions/ImportData: multipart `file` or the export JSON as the body → `{ id }` (upsert by id). */
  app.post(`${BASE}/Actions/ImportData`, { config: menu('btn_add'), bodyLimit: MAX_IMPORT_BYTES }, async (req) => {
    let data: unknown = req.body;
    if (req.isMultipart()) {
      const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      data = part ? (await part.toBuffer()).toString('utf8').replace(/^\uFEFF/, '') : null;
    }
    return ok({ id: await importPortal(app.db, data, userOf(req)) }, t(req.lang, 'createOk'));
  });

  /** GET Portal/{id} → the portal (PortalDto, formData a JSON string, with `version`). 404 unknown or binned. */
  app.get<Id>(`${BASE}/:id`, { config: menu(), schema: { params: ID_PARAMS } }, async (req) => ok(await getPortal(app.db, req.params.id)));

  /** GET Portal/{id}/auth → `{ id, fullName, type, customUrl, formData }` when the caller may see it (else 404). */
  app.get<Id>(`${BASE}/:id/auth`, { config: { access: 'signedIn' }, schema: { params: ID_PARAMS } }, async (req) => ok(await portalForViewer(app.db, session(req), req.params.id)));

  /**
   * PUT (and POST) Portal/{id}: update, body as create plus `version` (issue 27) → `{ version }`. 404 unknown or
   * binned; 409 an older version (who changed it, when), nothing written.
   */
  const update = async (req: FastifyRequest<Id & { Body: PortalBody }>) =>
    ok({ version: await updatePortal(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk'));
  app.put<Id & { Body: PortalBody }>(`${BASE}/:id`, { config: menu('btn_edit'), schema: { params: ID_PARAMS, body: PortalBodySchema } }, update);
  app.post<Id & { Body: PortalBody }>(`${BASE}/:id`, { config: menu('btn_edit'), schema: { params: ID_PARAMS, body: PortalBodySchema } }, update);

  /** DELETE Portal/{id}?version: to the recycle bin (issue 27; its grants stay for a restore). 404 unknown or binned; 409 an older version. */
  app.delete<Id>(`${BASE}/:id`, { config: menu('btn_remove'), schema: { params: ID_PARAMS } }, async (req) => {
    await deletePortal(app.db, req.params.id, { version: versionOf(req.query), actor: userOf(req) });
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /** POST Portal/{id}/Actions/Copy → `{ id }` of a copy. 404 unknown. */
  app.post<Id>(`${BASE}/:id/Actions/Copy`, { config: menu('btn_add'), schema: { params: ID_PARAMS } }, async (req) => ok({ id: await copyPortal(app.db, req.params.id, userOf(req)) }, t(req.lang, 'createOk')));

  /** GET Portal/{id}/Actions/ExportData → the portal as a JSON file `<enCode>.json` (ImportData takes it back). */
  app.get<Id>(`${BASE}/:id/Actions/ExportData`, { config: menu(), schema: { params: ID_PARAMS } }, async (req, reply) => {
    const p = await getPortal(app.db, req.params.id);
    return sendJsonFile(reply, `${p.enCode}.json`, p);
  });

  /** PUT Portal/{id}/Actions/SetDefault: the caller's default portal (users.portal_id). 404 when not visible to the caller. */
  app.put<Id>(`${BASE}/:id/Actions/SetDefault`, { config: { access: 'signedIn' }, schema: { params: ID_PARAMS } }, async (req) => {
    await setDefaultPortal(app.db, session(req), req.params.id);
    return ok(null, t(req.lang, 'updateOk'));
  });

  await app.register(dashboardRoutes);
}
