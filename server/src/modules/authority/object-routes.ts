import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { registerMessages, translate } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { orgScopeOf } from '../organization/org-scope';
import { AUTHORIZE_MENU } from './routes';

/**
 * The objects a grant goes to, for the 权限授权 page (issue 12 items 3, 7; src/pages/permission/authorize.page.json):
 * - GET /api/permission/Authority/ObjectType → `[{ id: 'Role' | 'Position' | 'User', fullName }]` (the page's switch),
 *   names in the caller's language.
 * - GET /api/permission/Authority/Objects/{objectType}?keyword&currentPage&pageSize(≤ 500, default 20) →
 *   `{ list: [{ id, fullName, enCode, objectType, organizeName }], pagination }`, enabled and disabled alike, by sort
 *   code then name; the keyword matches name or code (users: real name or account), case-insensitive, bound.
 *   An organisation administrator (分级管理) sees the users and positions of the organisations it manages only;
 *   roles are listed whole (a grant is still limited to what the caller holds, routes.ts).
 * Access: the 权限授权 menu (enCode permissionAuthorize).
 */

registerMessages('authority-objects', {
  zh: { Role: '角色', Position: '岗位', User: '用户' },
  en: { Role: 'Roles', Position: 'Positions', User: 'Users' },
  mas: { Role: 'Peranan', Position: 'Jawatan', User: 'Pengguna' },
});

const OBJECT_TYPES = ['Role', 'Position', 'User'] as const;
type ObjectType = (typeof OBJECT_TYPES)[number];

interface ObjectsQuery {
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
}

const objectRoutes: FastifyPluginAsync = async (app) => {
  const access = { menu: AUTHORIZE_MENU };
  app.get('/api/permission/Authority/ObjectType', { config: { access } }, async (req) => ok(OBJECT_TYPES.map((id) => ({ id, fullName: translate(req.lang, 'authority-objects', id) }))));

  app.get<{ Params: { objectType: ObjectType }; Querystring: ObjectsQuery }>(
    '/api/permission/Authority/Objects/:objectType',
    {
      config: { access },
      schema: {
        params: { type: 'object', required: ['objectType'], properties: { objectType: { type: 'string', enum: [...OBJECT_TYPES] } } },
        querystring: {
          type: 'object',
          properties: { keyword: { type: 'string', maxLength: 200 }, currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 500 }, n: {} },
        },
      },
    },
    async (req) => {
      const { objectType } = req.params;
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 20;
      const keyword = (req.query.keyword ?? '').trim();
      const like = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
      const scope = await orgScopeOf(app.db, req.auth!);
      const orgs = scope ? [...scope.keys()] : null;
      const db = app.db;
      const base =
        objectType === 'User'
          ? db.selectFrom('users as o').select(['o.id', 'o.real_name as fullName', 'o.account as enCode', 'o.organize_id as organizeId', 'o.sort_code as sortCode']).where('o.f_deleted_at', 'is', null)
          : objectType === 'Position'
            ? db.selectFrom('position as o').select(['o.id', 'o.full_name as fullName', 'o.en_code as enCode', 'o.organize_id as organizeId', 'o.sort_code as sortCode']).where('o.f_deleted_at', 'is', null)
            : db.selectFrom('role as o').select(['o.id', 'o.full_name as fullName', 'o.en_code as enCode', sql<string | null>`null`.as('organizeId'), 'o.sort_code as sortCode']).where('o.f_deleted_at', 'is', null);
      let q = db.selectFrom(base.as('b')).leftJoin('organize as g', 'g.id', 'b.organizeId');
      if (keyword) q = q.where((eb) => eb.or([eb('b.fullName', 'ilike', like), eb('b.enCode', 'ilike', like)]));
      if (orgs && objectType !== 'Role') q = orgs.length ? q.where('b.organizeId', 'in', orgs) : q.where(sql<boolean>`false`);
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await q
        .select(['b.id', 'b.fullName', 'b.enCode', 'g.full_name as organizeName'])
        .orderBy('b.sortCode')
        .orderBy('b.fullName')
        .orderBy('b.id')
        .limit(pageSize)
        .offset((currentPage - 1) * pageSize)
        .execute();
      return ok({ list: rows.map((r) => ({ ...r, objectType })), pagination: { currentPage, pageSize, total } });
    },
  );
};

export default objectRoutes;
