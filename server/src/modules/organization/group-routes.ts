import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, type Paged } from '../../../../schemas/wire/common';
import { type GroupBody, GroupBodySchema, type OrgListQuery, OrgListQuerySchema } from '../../../../schemas/wire/organization';
import type { Db } from '../../db/types';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { userOf } from '../_shared/record-routes';
import { softDelete, versionedUpdate, versionOf } from '../_shared/row-version';
import { dropBinnedMembers, LABEL_OF, likeOf, MENU, memberIds, millis, pageOf, required, text } from './common';
import { fail } from './messages';

/** A user group on the wire (分组; groupSelect's choices): `type` is the category the selector groups it under. */
export interface GroupRow {
  id: string;
  fullName: string;
  enCode: string;
  type: string;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  creatorTime: number | null;
  /** The row's version (issue 27): sent back with an update or delete, a stale one is refused (409). */
  version: number;
}

/** Live groups (not in the recycle bin, issue 27). */
const select = (db: Db) => db.selectFrom('user_group').select(['id', 'full_name', 'en_code', 'type', 'description', 'sort_code', 'enabled_mark', 'created_at', 'f_version']).where('f_deleted_at', 'is', null);
const toRow = (r: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]): GroupRow => ({
  id: r.id,
  fullName: r.full_name,
  enCode: r.en_code,
  type: r.type,
  description: r.description,
  sortCode: r.sort_code,
  enabledMark: r.enabled_mark,
  creatorTime: millis(r.created_at),
  version: Number(r.f_version),
});

/** A page of groups; `keyword` matches name, code or type. */
export async function listGroups(db: Db, q: OrgListQuery): Promise<Paged<GroupRow>> {
  const { currentPage, pageSize, offset } = pageOf(q);
  let query = select(db);
  if (q.keyword?.trim()) query = query.where((eb) => eb.or(['full_name', 'en_code', 'type'].map((c) => eb(c as 'type', 'ilike', likeOf(q.keyword!)))));
  if (q.enabledMark !== undefined) query = query.where('enabled_mark', '=', q.enabledMark);
  const all = (await query.orderBy('sort_code').orderBy('full_name').execute()).map(toRow);
  return { list: all.slice(offset, offset + pageSize), pagination: { currentPage, pageSize, total: all.length } };
}

/** One group; 404 groupNotFound. */
export async function getGroup(db: Db, id: string): Promise<GroupRow> {
  const r = await select(db).where('id', '=', id).executeTakeFirst();
  if (!r) throw fail(404, 'groupNotFound');
  return toRow(r);
}

/** The checked columns of `body`; 400 when name or code is missing or the code is taken (binned groups keep theirs until purged). */
async function valuesOf(db: Db, body: GroupBody, selfId: string | null) {
  const fullName = required(body.fullName, 'fullName');
  const enCode = required(body.enCode, 'enCode');
  const dup = await db.selectFrom('user_group').select('id').where('en_code', '=', enCode).executeTakeFirst();
  if (dup && dup.id !== selfId) throw fail(400, 'codeExists', { code: enCode });
  return { full_name: fullName, en_code: enCode, type: text(body.type) ?? '默认', description: text(body.description), sort_code: body.sortCode ?? 0, enabled_mark: body.enabledMark ?? 1 };
}

/**
 * User groups (issue 12 item 1 "user groups (groupSelect) … with members"; JNPF 分组管理, `/api/permission/Group`).
 * Behind the 分组管理 menu (enCode userGroup); members through UserRelation (objectType Group); Group/Selector (the
 * picker) is in selector-routes.ts. DELETE is refused while the group has members; otherwise it moves the group to its
 * recycle bin (GET/POST Group/Recycle…, _shared/runtime-bins.ts), from where it comes back with the same id.
 */
export default async function groupRoutes(app: FastifyInstance): Promise<void> {
  const access = (button?: string) => ({ access: { menu: MENU.group, ...(button ? { button } : {}) } });
  /** GET /api/permission/Group?keyword&enabledMark&currentPage&pageSize → `{ list, pagination }`. */
  app.get<{ Querystring: OrgListQuery }>('/api/permission/Group', { config: access(), schema: { querystring: OrgListQuerySchema } }, async (req) => ok(await listGroups(app.db, req.query)));
  /** GET /api/permission/Group/{id} → the row; 404 unknown id. */
  app.get<{ Params: { id: string } }>('/api/permission/Group/:id', { config: access(), schema: { params: IdParamsSchema } }, async (req) => ok(await getGroup(app.db, req.params.id)));
  /** POST /api/permission/Group → `{ id }`; 400 name/code missing or code taken. */
  app.post<{ Body: GroupBody }>('/api/permission/Group', { config: access('btn_add'), schema: { body: GroupBodySchema } }, async (req) => {
    const id = randomUUID();
    await app.db.insertInto('user_group').values({ id, ...(await valuesOf(app.db, req.body, null)) }).execute();
    return ok({ id }, t(req.lang, 'createOk'));
  });
  /** POST /api/permission/Group/{id}: update → `{ version }`; 404 unknown id; 400 as create; 409 an older `version` (issue 27, naming who and when). */
  app.post<{ Params: { id: string }; Body: GroupBody }>('/api/permission/Group/:id', { config: access('btn_edit'), schema: { params: IdParamsSchema, body: GroupBodySchema } }, async (req) => {
    await getGroup(app.db, req.params.id);
    const set = await valuesOf(app.db, req.body, req.params.id);
    const version = await versionedUpdate(app.db, 'user_group', req.params.id, set, { version: versionOf(req.body), actor: userOf(req), notFound: () => fail(404, 'groupNotFound') });
    return ok({ version }, t(req.lang, 'updateOk'));
  });
  /** DELETE /api/permission/Group/{id}?version: to the recycle bin; 404 unknown id; 400 while it has members (not counting users in the recycle bin); 409 an older version. */
  app.delete<{ Params: { id: string }; Querystring: { version?: number } }>('/api/permission/Group/:id', { config: access('btn_remove'), schema: { params: IdParamsSchema } }, async (req) => {
    await getGroup(app.db, req.params.id);
    const members = (await memberIds(app.db, 'Group', req.params.id)).length;
    if (members) throw fail(400, 'hasMembers', { what: LABEL_OF.group, count: members });
    await app.db.transaction().execute(async (trx) => {
      await dropBinnedMembers(trx, 'Group', req.params.id);
      await softDelete(trx, 'user_group', req.params.id, { version: versionOf(req.query), actor: userOf(req), notFound: () => fail(404, 'groupNotFound') });
    });
    return ok(null, t(req.lang, 'deleteOk'));
  });
}
