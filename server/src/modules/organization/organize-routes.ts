import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../../../schemas/wire/common';
import { type OrganizeBody, OrganizeBodySchema, OrgKeywordQuerySchema } from '../../../../schemas/wire/organization';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { MENU } from './common';
import { assertOrgScope } from './org-scope';
import { type Category, companyTree, createOrganize, deleteOrganize, departmentsOf, getOrganize, organizeTree, updateOrganize } from './organize-repository';
import { versionOf } from '../_shared/row-version';
import { userOf } from '../_shared/record-routes';

const access = (button?: string) => ({ access: { menu: MENU.organize, ...(button ? { button } : {}) } });

/**
 * Organisations and departments (spec 001 §7 Organisation, Department; reference/permissions.md §1): one table, a
 * company or department per row, `parentId` '-1' at the root. Behind the 组织管理 menu (enCode organize) and its
 * btn_add / btn_edit / btn_remove buttons; Organize/Tree (names only, read by pickers) needs a session only.
 * Rows: `{ id, parentId, category, type, fullName, enCode, managerId, manager, propertyJson, description, sortCode,
 * enabledMark, creatorTime (ms) }`.
 */
export default async function organizeRoutes(app: FastifyInstance): Promise<void> {
  /** GET /api/permission/Organize?keyword → `{ list: tree }` of companies and departments (with hasChildren). */
  app.get<{ Querystring: { keyword?: string } }>('/api/permission/Organize', { config: access(), schema: { querystring: OrgKeywordQuerySchema } }, async (req) =>
    ok({ list: await organizeTree(app.db, req.query.keyword) }),
  );

  /** GET /api/permission/Organize/Tree → `{ list: tree }` of the enabled companies. */
  app.get('/api/permission/Organize/Tree', { config: { access: 'signedIn' } }, async () => ok({ list: await companyTree(app.db) }));

  /** GET /api/permission/Organize/{id}/Department?keyword → `{ list }`: the departments below organisation id (flat). 404 unknown id. */
  app.get<{ Params: { id: string }; Querystring: { keyword?: string } }>(
    '/api/permission/Organize/:id/Department',
    { config: access(), schema: { params: IdParamsSchema, querystring: OrgKeywordQuerySchema } },
    async (req) => ok({ list: await departmentsOf(app.db, req.params.id, req.query.keyword) }),
  );

  for (const [base, category] of [
    ['/api/permission/Organize/Department', 'department'],
    ['/api/permission/Organize', 'company'],
  ] as Array<[string, Category]>) {
    /** POST {base}: create; body OrganizeBody → `{ id }`. 400 names the field (required, code taken, bad parent). */
    app.post<{ Body: OrganizeBody }>(base, { config: access('btn_add'), schema: { body: OrganizeBodySchema } }, async (req) => {
      await assertOrgScope(app.db, req.auth!, [req.body.parentId ?? '-1'], 'add');
      return ok({ id: await createOrganize(app.db, req.body, category) }, t(req.lang, 'createOk'));
    });
    /** POST {base}/{id}: update with the same body → `{ version }`. 404 unknown id (or the other category); 400 as create or a cycle; 409 an older `version` (issue 27). */
    app.post<{ Params: { id: string }; Body: OrganizeBody }>(`${base}/:id`, { config: access('btn_edit'), schema: { params: IdParamsSchema, body: OrganizeBodySchema } }, async (req) => {
      await assertOrgScope(app.db, req.auth!, [req.params.id], 'edit');
      if (req.body.parentId !== undefined) await assertOrgScope(app.db, req.auth!, [req.body.parentId ?? '-1'], 'add');
      return ok({ version: await updateOrganize(app.db, req.params.id, req.body, category, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk'));
    });
    /** GET {base}/{id} → the row. 404 unknown id. */
    app.get<{ Params: { id: string } }>(`${base}/:id`, { config: access(), schema: { params: IdParamsSchema } }, async (req) => ok(await getOrganize(app.db, req.params.id, category)));
    /** DELETE {base}/{id}?version. 404 unknown id; 400 while it has child organisations, positions, users or bound roles; 409 an older version (issue 27). */
    app.delete<{ Params: { id: string } }>(`${base}/:id`, { config: access('btn_remove'), schema: { params: IdParamsSchema } }, async (req) => {
      await assertOrgScope(app.db, req.auth!, [req.params.id], 'delete');
      await deleteOrganize(app.db, req.params.id, category, { version: versionOf(req.query), actor: userOf(req) });
      return ok(null, t(req.lang, 'deleteOk'));
    });
  }
}
