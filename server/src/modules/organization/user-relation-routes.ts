import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type UserRelationBody, UserRelationBodySchema } from '../../../../schemas/wire/organization';
import type { Db } from '../../db/types';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { authorize, modulesByEnCode, type SessionInfo } from '../../plugins/permissions';
import { MENU, memberIds, userItems } from './common';
import { assertHolds } from './holds';
import { fail } from './messages';

type ObjectType = UserRelationBody['objectType'];
const MENU_OF: Record<ObjectType, string> = { Role: MENU.role, Position: MENU.position, Organize: MENU.organize, Group: MENU.group };

/** The type of object `id` (a role, position, user group or organisation), or null (also for one in the recycle bin). */
async function typeOf(db: Db, id: string): Promise<ObjectType | null> {
  if (await db.selectFrom('role').select('id').where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst()) return 'Role';
  if (await db.selectFrom('position').select('id').where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst()) return 'Position';
  if (await db.selectFrom('user_group').select('id').where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst()) return 'Group';
  if (await db.selectFrom('organize').select('id').where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst()) return 'Organize';
  return null;
}

/** 403 暂无权限 unless `session` holds the menu of `type` (and `button` on it): the object's own admin page decides. */
async function requireMenu(db: Db, session: SessionInfo, type: ObjectType, button?: string): Promise<void> {
  const decision = await authorize(db, session, await modulesByEnCode(db, MENU_OF[type]), button ?? 'view');
  if (!decision.allowed) throw ApiError.forbidden();
}

/**
 * Memberships (reference/permissions.md §1 BASE_USERRELATION; spec 001 §7 Role/Position "users of"):
 * - GET /api/permission/UserRelation/{objectId} → `{ objectType, ids, list }`: the member user ids and their picker
 *   items (relations, plus users whose main organisation/position it is). 404 unknown object.
 * - POST the same path `{ objectType, userIds }` replaces the members (btn_edit); removed users whose main position or
 *   organisation it was lose that main link. Users in the recycle bin are neither listed nor replaced (their links stay
 *   for a restore) and cannot be added. 404 when no such object of that type; 400 unknown or binned user; 403 giving a role
 *   or position whose grants the caller does not hold.
 * Access: a session here, then the object's own menu (角色管理, 岗位管理, 分组管理, 组织管理) checked in the handler,
 * since the object type is known only from the id.
 * - GET /api/SubDev/CommonData/GetUserListByRoleCode/{code}, GetUserListByPosition/{code} → `{ list }` of the enabled
 *   members of the role/position with that enCode (approver pickers; any signed-in user; unknown code → empty list).
 */
export default async function userRelationRoutes(app: FastifyInstance): Promise<void> {
  const params = { type: 'object', required: ['objectId'], properties: { objectId: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
  app.get<{ Params: { objectId: string } }>('/api/permission/UserRelation/:objectId', { config: { access: 'signedIn' }, schema: { params } }, async (req) => {
    const objectType = await typeOf(app.db, req.params.objectId);
    if (!objectType) throw ApiError.notFound();
    await requireMenu(app.db, req.auth!, objectType);
    const ids = await memberIds(app.db, objectType, req.params.objectId);
    return ok({ objectType, ids, list: await userItems(app.db, { ids }) });
  });

  app.post<{ Params: { objectId: string }; Body: UserRelationBody }>(
    '/api/permission/UserRelation/:objectId',
    { config: { access: 'signedIn' }, schema: { params, body: UserRelationBodySchema } },
    async (req) => {
      const { objectId } = req.params;
      const { objectType } = req.body;
      if ((await typeOf(app.db, objectId)) !== objectType) throw ApiError.notFound();
      await requireMenu(app.db, req.auth!, objectType, 'btn_edit');
      const userIds = [...new Set(req.body.userIds)];
      // A user in the recycle bin (issue 27) cannot be added: 400 like an unknown one.
      if (userIds.length && (await app.db.selectFrom('users').select('id').where('id', 'in', userIds).where('f_deleted_at', 'is', null).execute()).length !== userIds.length) throw fail(400, 'userNotFound');
      const before = await memberIds(app.db, objectType, objectId);
      if ((objectType === 'Role' || objectType === 'Position') && userIds.some((u) => !before.includes(u))) await assertHolds(app.db, req.auth!, [{ objectType, objectId }]);
      await app.db.transaction().execute(async (trx) => {
        // Binned users' links stay (restored with them); only the live members are replaced.
        const binned = trx.selectFrom('users').select('id').where('f_deleted_at', 'is not', null);
        await trx.deleteFrom('user_relation').where('object_type', '=', objectType).where('object_id', '=', objectId).where('user_id', 'not in', binned).execute();
        for (const userId of userIds) await trx.insertInto('user_relation').values({ id: randomUUID(), user_id: userId, object_type: objectType, object_id: objectId }).execute();
        const removed = before.filter((u) => !userIds.includes(u));
        if (removed.length && objectType === 'Position') await trx.updateTable('users').set({ position_id: null }).where('id', 'in', removed).where('position_id', '=', objectId).execute();
        if (removed.length && objectType === 'Organize') await trx.updateTable('users').set({ organize_id: null }).where('id', 'in', removed).where('organize_id', '=', objectId).execute();
      });
      return ok(null, t(req.lang, 'updateOk'));
    },
  );

  const codeParams = { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
  for (const [path, table] of [
    ['/api/SubDev/CommonData/GetUserListByRoleCode/:code', 'role'],
    ['/api/SubDev/CommonData/GetUserListByPosition/:code', 'position'],
  ] as const) {
    app.get<{ Params: { code: string } }>(path, { config: { access: 'signedIn' }, schema: { params: codeParams } }, async (req) => {
      const row = await app.db.selectFrom(table).select('id').where('en_code', '=', req.params.code).where('f_deleted_at', 'is', null).executeTakeFirst();
      if (!row) return ok({ list: [] });
      const ids = await memberIds(app.db, table === 'role' ? 'Role' : 'Position', row.id);
      return ok({ list: await userItems(app.db, { ids, enabledOnly: true }) });
    });
  }
}
