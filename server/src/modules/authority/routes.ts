import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/types';
import { t } from '../../i18n';
import { type Holdings, holdingsOf, holds, ITEM_TABLES, ITEM_TYPES, type ItemType } from '../../permissions/holdings';
import { ok } from '../../plugins/envelope';
import { signedInModules } from '../../plugins/permissions';
import { menuFail } from '../menu/messages';
import { sysConfigInfo, systemIds } from '../oauth/jnpf-user';
import { visiblePortals } from '../portal/repository';
import explainRoutes from './explain-routes';
import objectRoutes from './object-routes';

/**
 * Grants (issue 12 item 3; reference/permissions.md §3, JNPF `/api/permission/Authority`). One `authorize` row per
 * (itemType, itemId, objectType, objectId); objectType Role | Position | User; itemType module | button | column |
 * form | resource (a data scheme) | portal. A caller reads and grants only what it holds itself (holdings.ts;
 * administrators hold everything); saving replaces the object's grants of the held items only (grants someone else
 * gave that the caller does not hold stay), in one transaction. Access: the 权限授权 menu (enCode `permissionAuthorize`).
 */

/** The menu whose grant (and btn_edit for saves) lets a non-administrator edit grants. */
export const AUTHORIZE_MENU = 'permissionAuthorize';

type ObjectType = 'Role' | 'Position' | 'User';
const OBJECT_TYPES = ['Role', 'Position', 'User'] as const;

const idList = { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 100 } } as const;
const saveBody = {
  type: 'object',
  required: ['objectType'],
  properties: { objectType: { type: 'string', enum: OBJECT_TYPES }, module: idList, button: idList, column: idList, form: idList, resource: idList, portal: idList, n: {} },
} as const;

type SaveBody = { objectType: ObjectType } & Partial<Record<ItemType, string[]>>;

async function objectExists(db: Db, objectType: ObjectType, id: string): Promise<boolean> {
  const table = objectType === 'Role' ? 'role' : objectType === 'Position' ? 'position' : 'users';
  return !!(await db.selectFrom(table).select('id').where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst());
}

/** The type of the role, position or user with id `id` (ids are unique across the three), or undefined. */
async function objectTypeOf(db: Db, id: string): Promise<ObjectType | undefined> {
  for (const type of OBJECT_TYPES) if (await objectExists(db, type, id)) return type;
  return undefined;
}

/** The object's current grants per item type, restricted to what `h` holds. */
async function grantsOf(db: Db, objectType: ObjectType, objectId: string, h: Holdings): Promise<Record<ItemType, string[]>> {
  const rows = await db.selectFrom('authorize').select(['item_type', 'item_id']).where('object_type', '=', objectType).where('object_id', '=', objectId).execute();
  const out = Object.fromEntries(ITEM_TYPES.map((k) => [k, [] as string[]])) as Record<ItemType, string[]>;
  for (const r of rows) if ((ITEM_TYPES as readonly string[]).includes(r.item_type) && holds(h, r.item_type as ItemType, r.item_id)) out[r.item_type as ItemType].push(r.item_id);
  return out;
}

/** Of `ids` (grants of `type`), those whose menu, menu item or portal is in its recycle bin (issue 27 item 2). */
async function binnedOf(db: Kysely<Database>, type: ItemType, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const table = type === 'portal' ? 'portal' : type === 'module' ? 'module' : ITEM_TABLES[type];
  // Each of these tables has id and f_deleted_at: one of them stands for the union in Kysely's types.
  const rows = await db.selectFrom(table as 'module').select('id').where('id', 'in', ids).where('f_deleted_at', 'is not', null).execute();
  return new Set(rows.map((r) => r.id));
}

const authorityRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  /**
   * GET /api/permission/Authority/Data/{objectId}?objectType=Role|Position|User → `{ module[], button[], column[],
   * form[], resource[], portal[] }`: the object's granted ids, only those the caller holds. 400 unknown object.
   */
  app.get<{ Params: { objectId: string }; Querystring: { objectType: ObjectType } }>(
    '/api/permission/Authority/Data/:objectId',
    { config: { access: { menu: AUTHORIZE_MENU } }, schema: { querystring: { type: 'object', required: ['objectType'], properties: { objectType: { type: 'string', enum: OBJECT_TYPES }, n: {} } } } },
    async (req) => {
      if (!(await objectExists(db, req.query.objectType, req.params.objectId))) throw menuFail(400, 'grantObjectMissing');
      return ok(await grantsOf(db, req.query.objectType, req.params.objectId, await holdingsOf(db, req.auth!)));
    },
  );

  /**
   * POST /api/permission/Authority/Data/{objectId}/Values `{ type, objectType, moduleIds? }` → `{ list, ids, all }`
   * (JNPF): `list` the tree the caller may grant — its held menus `{id, parentId, fullName, icon, type, category
   * (Web|App), children}` (type module) or, per held menu, its held items of `type` `{id, parentId (the menu), fullName,
   * enCode}` as children; `ids` the object's granted ids among them; `all` every id of the tree. Menus open to every
   * signed-in user by design (plugins/permissions.ts signedInModules: the 工作流程 views) carry `signedIn: true` and,
   * for type module, count as granted in `ids` — as the policy engine answers for every subject — but are not stored
   * (the save ignores them), so the grant editor shows them checked and disabled.
   * JNPF v3.4's grant pages (wuqingguang0816/Mnxhp src/views/permission/authorize/index.vue:77-80, :149 and
   * AuthorizeForm.vue:84-87, :133, :252-274) send no `objectType` (the object is found by its id among roles,
   * positions and users; objectId `0`, 批量授权, is no object: `ids` is empty), `moduleIds` as a comma-joined string, and
   * first `type: 'system'`, answered with our one system (oauth/jnpf-user.ts), always granted.
   */
  app.post<{ Params: { objectId: string }; Body: { type: ItemType | 'system'; objectType?: ObjectType; moduleIds?: string[] | string } }>(
    '/api/permission/Authority/Data/:objectId/Values',
    {
      config: { access: { menu: AUTHORIZE_MENU } },
      schema: {
        body: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', enum: [...ITEM_TYPES, 'system'] }, objectType: { type: 'string', enum: OBJECT_TYPES }, moduleIds: { anyOf: [idList, { type: 'string', maxLength: 200_000 }] }, n: {} },
        },
      },
    },
    async (req) => {
      const { type } = req.body;
      const moduleIds = typeof req.body.moduleIds === 'string' ? req.body.moduleIds.split(',').filter(Boolean) : req.body.moduleIds;
      const none = req.params.objectId === '0' && !req.body.objectType;
      const found = none ? 'Role' : (req.body.objectType ?? (await objectTypeOf(db, req.params.objectId)));
      if (!found || (!none && !(await objectExists(db, found, req.params.objectId)))) throw menuFail(400, 'grantObjectMissing');
      const objectType: ObjectType = found;
      if (type === 'system') {
        const [s] = systemIds(await sysConfigInfo(db, req.lang));
        return ok({ list: [{ id: s.id, parentId: '0', fullName: s.fullName, enCode: s.enCode, icon: s.icon, children: [] }], ids: none ? [] : [s.id], all: [s.id] });
      }
      const h = await holdingsOf(db, req.auth!);
      if (type === 'portal') {
        // Portals (issue 16 item 3): a flat list of the enabled portals the caller may see (administrators: all).
        const list = (await visiblePortals(db, req.auth!)).map((p) => ({ id: p.id, parentId: '0', fullName: p.full_name, enCode: p.en_code, children: [] }));
        const granted = new Set(none ? [] : (await grantsOf(db, objectType, req.params.objectId, h)).portal);
        return ok({ list, ids: list.map((p) => p.id).filter((id) => granted.has(id)), all: list.map((p) => p.id) });
      }
      const menus = await db.selectFrom('module').select(['id', 'parent_id', 'full_name', 'icon', 'type', 'category', 'sort_code']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').execute();
      const held = menus.filter((m) => h.modules.has(m.id) && (!moduleIds?.length || type === 'module' || moduleIds.includes(m.id)));
      const open = new Set(await signedInModules(db));
      const nodes = new Map(held.map((m) => [m.id, { id: m.id, parentId: m.parent_id, fullName: m.full_name, icon: m.icon ?? '', type: m.type, category: m.category, ...(open.has(m.id) ? { signedIn: true } : {}), children: [] as unknown[] }]));
      if (type !== 'module') {
        for (const it of h.items[type]) nodes.get(it.moduleId)?.children.push({ id: it.id, parentId: it.moduleId, fullName: it.fullName, enCode: it.enCode, children: [] });
      }
      const roots: unknown[] = [];
      for (const n of nodes.values()) {
        const p = nodes.get(n.parentId);
        if (p) p.children.push(n);
        else roots.push(n);
      }
      const all = type === 'module' ? [...nodes.keys()] : h.items[type].filter((i) => nodes.has(i.moduleId)).map((i) => i.id);
      const granted = new Set(none ? [] : (await grantsOf(db, objectType, req.params.objectId, h))[type]);
      return ok({ list: roots, ids: all.filter((id) => granted.has(id) || (!none && type === 'module' && open.has(id))), all });
    },
  );

  /**
   * POST /api/permission/Authority/Data/{objectId} `{ objectType, module[], button[], column[], form[], resource[],
   * portal[]? }` (btn_edit): replaces the object's grants of the types sent, within what the caller holds, in one
   * transaction. An id the caller does not hold (or that does not exist) refuses the whole save (403, nothing
   * written); 400 unknown object. Menus open to every signed-in user are granted to all by design: sent in `module`
   * they are ignored (never stored; a stored one is removed with the object's other held menus).
   */
  app.post<{ Params: { objectId: string }; Body: SaveBody }>(
    '/api/permission/Authority/Data/:objectId',
    { config: { access: { menu: AUTHORIZE_MENU, button: 'btn_edit' } }, schema: { body: saveBody } },
    async (req) => {
      const { objectType } = req.body;
      const objectId = req.params.objectId;
      if (!(await objectExists(db, objectType, objectId))) throw menuFail(400, 'grantObjectMissing');
      const h = await holdingsOf(db, req.auth!);
      const types = ITEM_TYPES.filter((k) => Array.isArray(req.body[k]));
      if (Array.isArray(req.body.module)) {
        const open = new Set(await signedInModules(db));
        req.body.module = req.body.module.filter((id) => !open.has(id));
      }
      for (const type of types) {
        const ids = [...new Set(req.body[type] ?? [])];
        const exists = type === 'portal' ? new Set((await db.selectFrom('portal').select('id').where('id', 'in', ids.length ? ids : ['']).where('f_deleted_at', 'is', null).execute()).map((r) => r.id)) : new Set((type === 'module' ? await db.selectFrom('module').select('id').where('id', 'in', ids.length ? ids : ['']).where('f_deleted_at', 'is', null).execute() : await db.selectFrom(ITEM_TABLES[type]).select('id').where('id', 'in', ids.length ? ids : ['']).where('f_deleted_at', 'is', null).execute()).map((r) => r.id));
        const bad = ids.find((id) => !exists.has(id) || !holds(h, type, id));
        if (bad) throw menuFail(403, 'grantNotHeld', { detail: `${type}:${bad.slice(0, 100)}` });
      }
      await db.transaction().execute(async (trx) => {
        for (const type of types) {
          const current = await trx.selectFrom('authorize').select(['id', 'item_id']).where('object_type', '=', objectType).where('object_id', '=', objectId).where('item_type', '=', type).execute();
          // A binned menu's, item's or portal's grants are not on the page: they stay for its restore (issue 27 item 2;
          // the purge drops them).
          const binned = await binnedOf(trx, type, current.map((c) => c.item_id));
          const drop = current.filter((c) => holds(h, type, c.item_id) && !binned.has(c.item_id)).map((c) => c.id);
          if (drop.length) await trx.deleteFrom('authorize').where('id', 'in', drop).execute();
          const keep = new Set(current.filter((c) => !drop.includes(c.id)).map((c) => c.item_id));
          const add = [...new Set(req.body[type] ?? [])].filter((id) => !keep.has(id));
          for (let i = 0; i < add.length; i += 500) {
            await trx
              .insertInto('authorize')
              .values(add.slice(i, i + 500).map((itemId) => ({ id: randomUUID(), item_type: type as 'module', item_id: itemId, object_type: objectType, object_id: objectId })))
              .execute();
          }
        }
      });
      return ok(null, t(req.lang, 'updateOk'));
    },
  );

  await app.register(explainRoutes);
  await app.register(objectRoutes);
};

export default authorityRoutes;
