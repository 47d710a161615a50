import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '../../../../schemas/wire/common';
import { type OrganizeAdminBody, OrganizeAdminBodySchema, OrgKeywordQuerySchema } from '../../../../schemas/wire/organization';
import type { Db } from '../../db/types';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { softDelete, versionedUpdate } from '../_shared/row-version';
import { MENU } from './common';
import { fail } from './messages';
import { assertOrgScope } from './org-scope';
import { organizeTree } from './organize-repository';

const FLAGS = ['thisLayerAdd', 'thisLayerEdit', 'thisLayerDelete', 'thisLayerSelect', 'subLayerAdd', 'subLayerEdit', 'subLayerDelete', 'subLayerSelect'] as const;
const column = (flag: (typeof FLAGS)[number]) => flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as 'this_layer_add';

/** An organisation admin as GET organizeAdminIsTrator/{id} lists it: the user and the eight 0/1 flags. */
export interface OrganizeAdminRow {
  id: string;
  userId: string;
  account: string;
  realName: string;
  organizeId: string;
  thisLayerAdd: number;
  thisLayerEdit: number;
  thisLayerDelete: number;
  thisLayerSelect: number;
  subLayerAdd: number;
  subLayerEdit: number;
  subLayerDelete: number;
  subLayerSelect: number;
  /** The row's version (issue 27 item 1): send it back with the save. */
  version: number;
}

/** The admins of organisation `organizeId`; 404 when it does not exist. */
export async function organizeAdmins(db: Db, organizeId: string): Promise<OrganizeAdminRow[]> {
  if (!(await db.selectFrom('organize').select('id').where('id', '=', organizeId).where('f_deleted_at', 'is', null).executeTakeFirst())) throw fail(404, 'orgNotFound');
  const rows = await db
    .selectFrom('organize_administrator as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select(['u.account', 'u.real_name'])
    .where('a.organize_id', '=', organizeId)
    .where('a.f_deleted_at', 'is', null)
    .orderBy('u.account')
    .execute();
  return rows.map((r) => {
    const out = { id: r.id, userId: r.user_id, account: r.account, realName: r.real_name, organizeId: r.organize_id, version: r.f_version } as OrganizeAdminRow;
    for (const f of FLAGS) out[f] = r[column(f)];
    return out;
  });
}

/**
 * Saves the admins of organisation `organizeId` as `body.list` in one transaction (issue 27 items 1-2): a listed
 * user's live row keeps its id and, when its flags change or it carries a `version`, is updated version-checked (older
 * → 409 naming who and when, nothing written); a new user gets a row (one whose grant is in the bin gets that row
 * back, same id, with the new flags: one row per user and organisation); a live row whose user is left out goes to the
 * recycle bin (GET/POST organizeAdminIsTrator/Recycle…), where it grants nothing. 404 unknown organisation, 400
 * unknown user or one in the recycle bin.
 */
export async function saveOrganizeAdmins(db: Db, organizeId: string, body: OrganizeAdminBody, actor: string | null = null): Promise<void> {
  if (!(await db.selectFrom('organize').select('id').where('id', '=', organizeId).where('f_deleted_at', 'is', null).executeTakeFirst())) throw fail(404, 'orgNotFound');
  const userIds = [...new Set(body.list.map((a) => a.userId))];
  const known = userIds.length ? await db.selectFrom('users').select('id').where('id', 'in', userIds).where('f_deleted_at', 'is', null).execute() : [];
  if (known.length !== userIds.length) throw fail(400, 'userNotFound');
  const notFound = () => fail(404, 'userNotFound');
  await db.transaction().execute(async (trx) => {
    const live = new Map((await trx.selectFrom('organize_administrator').selectAll().where('organize_id', '=', organizeId).where('f_deleted_at', 'is', null).orderBy('id').forUpdate().execute()).map((r) => [r.user_id, r]));
    const seen = new Set<string>();
    for (const a of body.list) {
      if (seen.has(a.userId)) continue;
      seen.add(a.userId);
      const flags: Record<string, number> = {};
      for (const f of FLAGS) flags[column(f)] = a[f] === true || a[f] === 1 ? 1 : 0;
      const row = live.get(a.userId);
      if (!row) {
        // One row per user and organisation: a grant in the bin is taken out of it with the new flags (same id).
        const revived = await trx
          .updateTable('organize_administrator')
          .set((eb) => ({ ...flags, f_deleted_at: null, f_deleted_by: null, f_version: eb('f_version', '+', 1), updated_at: new Date(), updated_by: actor }))
          .where('organize_id', '=', organizeId)
          .where('user_id', '=', a.userId)
          .where('f_deleted_at', 'is not', null)
          .executeTakeFirst();
        if (!Number(revived.numUpdatedRows)) await trx.insertInto('organize_administrator').values({ id: randomUUID(), user_id: a.userId, organize_id: organizeId, ...flags, updated_at: new Date(), updated_by: actor } as never).execute();
        continue;
      }
      const changed = FLAGS.some((f) => Number(row[column(f)]) !== flags[column(f)]);
      if (changed || (a.version !== undefined && a.version !== row.f_version)) await versionedUpdate(trx, 'organize_administrator', row.id, flags, { version: a.version, actor, notFound });
    }
    for (const [userId, row] of live) if (!seen.has(userId)) await softDelete(trx, 'organize_administrator', row.id, { actor, notFound });
  });
}

/**
 * Organisation admins per organisation (spec 001 §7 Organisation; reference/permissions.md §1; JNPF PUT, ours POST):
 * GET /api/permission/organizeAdminIsTrator/{organizeId} → `{ list: OrganizeAdminRow[] }`;
 * POST the same path with `{ list: [{ userId, thisLayerAdd…subLayerSelect, version? }] }` saves them (btn_edit; users left
 * out go to the bin: organizeAdminIsTrator/Recycle, builtin-recycle-routes.ts).
 * GET /api/permission/organizeAdminIsTrator?keyword → the organisation tree (the page's list, so the 分级管理 grant alone
 * opens it). Behind the 分级管理 menu (enCode gradeManage). 404 unknown organisation; 400 unknown user.
 */
export default async function organizeAdminRoutes(app: FastifyInstance): Promise<void> {
  /** GET /api/permission/organizeAdminIsTrator?keyword → `{ list: tree }`: the organisations 分级管理 lists (as GET Organize). */
  app.get<{ Querystring: { keyword?: string } }>('/api/permission/organizeAdminIsTrator', { config: { access: { menu: MENU.gradeManage } }, schema: { querystring: OrgKeywordQuerySchema } }, async (req) =>
    ok({ list: await organizeTree(app.db, req.query.keyword) }),
  );
  app.get<{ Params: { id: string } }>('/api/permission/organizeAdminIsTrator/:id', { config: { access: { menu: MENU.gradeManage } }, schema: { params: IdParamsSchema } }, async (req) =>
    ok({ list: await organizeAdmins(app.db, req.params.id) }),
  );
  app.post<{ Params: { id: string }; Body: OrganizeAdminBody }>(
    '/api/permission/organizeAdminIsTrator/:id',
    { config: { access: { menu: MENU.gradeManage, button: 'btn_edit' } }, schema: { params: IdParamsSchema, body: OrganizeAdminBodySchema } },
    async (req) => {
      await assertOrgScope(app.db, req.auth!, [req.params.id], 'edit');
      await saveOrganizeAdmins(app.db, req.params.id, req.body, req.auth?.userId ?? null);
      return ok(null, t(req.lang, 'updateOk'));
    },
  );
}
