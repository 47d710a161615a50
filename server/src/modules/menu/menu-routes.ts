import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { parseProperty } from '../../plugins/permissions';
import { userOf } from '../_shared/record-routes';
import { softDelete, versionOf, versionedUpdate } from '../_shared/row-version';
import { loadModel } from '../visualdev/model-store';
import { fillFromModel } from './fill';
import { menuFail, menuText } from './messages';

/**
 * Menu management (issue 12 item 2; reference/permissions.md §2, JNPF `/api/system/Menu`): the module tree, types
 * 1 directory, 2 page, 3 online form (propertyJson.moduleId = the bound model), 4 dictionary, 5 report, 6 big screen,
 * 7 external link, 8 portal. Wire shape (JNPF): `{ id, parentId ('-1' at the root), fullName, enCode, icon, type,
 * urlAddress, linkTarget, category (Web|App), propertyJson (JSON string), description, sortCode, enabledMark,
 * isButtonAuthorize, isColumnAuthorize, isFormAuthorize, isDataAuthorize (0/1) }` plus `moduleId` (propertyJson's bound
 * model, also accepted in a body: it sets or, empty, clears propertyJson.moduleId — what a form field can edit), and
 * `reportId` (type 5) / `portalId` (type 8): the same propertyJson.moduleId as the menu editor's report and portal
 * pickers edit it (a body's value for the menu's own type wins over `moduleId`; it must name an undeleted report or
 * portal, else 400).
 * Access: the 菜单管理 menu (enCode `menuManage`; administrators always).
 */

/** The menu of menu management (its buttons btn_add / btn_edit / btn_remove guard the writes). */
export const MENU_MANAGE = 'menuManage';

const menuBody = {
  type: 'object',
  required: ['fullName', 'enCode', 'type'],
  properties: {
    parentId: { type: 'string', maxLength: 100 },
    fullName: { type: 'string', minLength: 1, maxLength: 100 },
    enCode: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' },
    icon: { type: ['string', 'null'], maxLength: 100 },
    type: { type: 'integer', minimum: 1, maximum: 8 },
    urlAddress: { type: ['string', 'null'], maxLength: 500 },
    linkTarget: { type: ['string', 'null'], enum: ['_self', '_blank', null] },
    category: { type: 'string', enum: ['Web', 'App'] },
    propertyJson: { type: ['string', 'null'], maxLength: 4000 },
    description: { type: ['string', 'null'], maxLength: 500 },
    sortCode: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    enabledMark: { type: 'integer', enum: [0, 1] },
    isButtonAuthorize: { type: 'integer', enum: [0, 1] },
    isColumnAuthorize: { type: 'integer', enum: [0, 1] },
    isFormAuthorize: { type: 'integer', enum: [0, 1] },
    isDataAuthorize: { type: 'integer', enum: [0, 1] },
    moduleId: { type: ['string', 'null'], maxLength: 100 },
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    reportId: { type: ['string', 'null'], maxLength: 100 },
    portalId: { type: ['string', 'null'], maxLength: 100 },
    n: {},
  },
} as const;

/** Wire name → column of the permission switches. */
const FLAGS = { isButtonAuthorize: 'is_button_authorize', isColumnAuthorize: 'is_column_authorize', isFormAuthorize: 'is_form_authorize', isDataAuthorize: 'is_data_authorize' } as const;
type Flag = keyof typeof FLAGS;

interface MenuBody {
  parentId?: string;
  fullName: string;
  enCode: string;
  icon?: string | null;
  type: number;
  urlAddress?: string | null;
  linkTarget?: string | null;
  category?: string;
  propertyJson?: string | null;
  description?: string | null;
  sortCode?: number;
  enabledMark?: number;
  isButtonAuthorize?: number;
  isColumnAuthorize?: number;
  isFormAuthorize?: number;
  isDataAuthorize?: number;
  moduleId?: string | null;
  reportId?: string | null;
  portalId?: string | null;
}

type MenuRow = { f_version?: number; id: string; parent_id: string; full_name: string; en_code: string; icon: string | null; type: number; url_address: string | null; link_target: string | null; category: string; property_json: string | null; description: string | null; sort_code: number; enabled_mark: number } & Record<(typeof FLAGS)[Flag], number>;

/** A menu row on the wire (JNPF shape). */
export function menuWire(r: MenuRow) {
  const moduleId = parseProperty(r.property_json).moduleId;
  return {
    id: r.id,
    parentId: r.parent_id,
    fullName: r.full_name,
    enCode: r.en_code,
    icon: r.icon ?? '',
    type: r.type,
    urlAddress: r.url_address ?? '',
    linkTarget: r.link_target ?? '_self',
    category: r.category,
    propertyJson: r.property_json ?? '{}',
    moduleId: typeof moduleId === 'string' ? moduleId : '',
    reportId: r.type === 5 && typeof moduleId === 'string' ? moduleId : '',
    portalId: r.type === 8 && typeof moduleId === 'string' ? moduleId : '',
    description: r.description ?? '',
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    isButtonAuthorize: r.is_button_authorize,
    isColumnAuthorize: r.is_column_authorize,
    isFormAuthorize: r.is_form_authorize,
    isDataAuthorize: r.is_data_authorize,
    /** The row's version (issue 27): an update or delete sends back the one it read. */
    ...(r.f_version === undefined ? {} : { version: r.f_version }),
  };
}

/** Nests flat rows under their parents (children[] on every node; orphans at the root). */
export function treeOf<T extends { id: string; parentId: string }>(rows: T[]): Array<T & { children: unknown[]; hasChildren: boolean }> {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as unknown[], hasChildren: false }]));
  const roots: Array<T & { children: unknown[]; hasChildren: boolean }> = [];
  for (const n of nodes.values()) {
    const p = nodes.get(n.parentId);
    if (p && p !== n) {
      p.children.push(n);
      p.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}

const menuRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const columns = ['id', 'parent_id', 'full_name', 'en_code', 'icon', 'type', 'url_address', 'link_target', 'category', 'property_json', 'description', 'sort_code', 'enabled_mark', ...Object.values(FLAGS), 'f_version'] as const;
  /** Menus not in the recycle bin (issue 27): every read of this area starts here. */
  const live = () => db.selectFrom('module').where('f_deleted_at', 'is', null);

  async function checked(body: MenuBody, id: string | null) {
    const parentId = body.parentId || '-1';
    if (parentId !== '-1') {
      if (parentId === id) throw menuFail(400, 'menuParentLoop');
      const parent = await live().select('id').where('id', '=', parentId).executeTakeFirst();
      if (!parent) throw menuFail(400, 'menuParentMissing');
      if (id) {
        // The new parent must not be below the menu itself.
        for (let cur: string | undefined = parentId, n = 0; cur && cur !== '-1' && n < 100; n++) {
          if (cur === id) throw menuFail(400, 'menuParentLoop');
          cur = (await db.selectFrom('module').select('parent_id').where('id', '=', cur).executeTakeFirst())?.parent_id;
        }
      }
    }
    const taken = await db.selectFrom('module').select('id').where('en_code', '=', body.enCode).where('category', '=', body.category ?? 'Web').executeTakeFirst();
    if (taken && taken.id !== id) throw menuFail(400, 'enCodeTaken', { enCode: body.enCode });
    const prop = parseProperty(body.propertyJson ?? null);
    const picked = body.type === 5 ? body.reportId : body.type === 8 ? body.portalId : undefined;
    const bound = picked !== undefined ? picked : body.moduleId;
    if (bound) prop.moduleId = bound;
    else if (bound !== undefined) delete prop.moduleId;
    // A report (type 5) or portal (type 8) menu opens an undeleted record: not a category of the picker, not a typo.
    if ((body.type === 5 || body.type === 8) && typeof prop.moduleId === 'string' && prop.moduleId) {
      const table = body.type === 5 ? 'report' : 'portal';
      const found = await db.selectFrom(table).select('id').where('id', '=', prop.moduleId).where('f_deleted_at', 'is', null).executeTakeFirst();
      if (!found) throw menuFail(400, body.type === 5 ? 'menuReportMissing' : 'menuPortalMissing');
    }
    const flags = Object.fromEntries((Object.keys(FLAGS) as Flag[]).map((k) => [FLAGS[k], body[k] ?? 0])) as Record<(typeof FLAGS)[Flag], number>;
    return {
      parent_id: parentId,
      full_name: body.fullName.trim(),
      en_code: body.enCode,
      icon: body.icon ?? null,
      type: body.type,
      url_address: body.urlAddress ?? null,
      link_target: body.linkTarget ?? (body.type === 6 ? '_blank' : '_self'),
      category: body.category ?? 'Web',
      property_json: JSON.stringify(prop),
      description: body.description ?? null,
      sort_code: body.sortCode ?? 0,
      enabled_mark: body.enabledMark ?? 1,
      ...flags,
    };
  }

  /**
   * GET /api/system/Menu?keyword&category&parentId&queryJson → `{ list }`: every menu (administrators' view) as a tree;
   * with `keyword` the flat matches (fullName or enCode); with `parentId` the flat children of that menu (each with
   * `hasChildren`; the menu page's list beside its tree). `category` (Web|App) may also come in `queryJson` (a list's
   * search fields, e.g. `{"category":"App"}`); an unknown value there is ignored.
   */
  app.get<{ Querystring: { keyword?: string; category?: string; parentId?: string; queryJson?: string } }>(
    '/api/system/Menu',
    {
      config: { access: { menu: MENU_MANAGE } },
      schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, category: { type: 'string', enum: ['Web', 'App'] }, parentId: { type: 'string', maxLength: 100 }, queryJson: { type: 'string', maxLength: 2000 }, n: {} } } },
    },
    async (req) => {
      let category: string | undefined = req.query.category;
      if (!category && req.query.queryJson) {
        const c = parseProperty(req.query.queryJson).category;
        if (c === 'Web' || c === 'App') category = c;
      }
      let q = live().select(columns).orderBy('sort_code').orderBy('created_at');
      if (category) q = q.where('category', '=', category);
      const rows = (await q.execute()).map(menuWire);
      const kw = (req.query.keyword ?? '').trim();
      if (kw) return ok({ list: rows.filter((r) => r.fullName.includes(kw) || r.enCode.includes(kw)).map((r) => ({ ...r, children: [], hasChildren: false })) });
      if (req.query.parentId) {
        const parents = new Set(rows.map((r) => r.parentId));
        return ok({ list: rows.filter((r) => r.parentId === req.query.parentId).map((r) => ({ ...r, children: [], hasChildren: parents.has(r.id) })) });
      }
      return ok({ list: treeOf(rows) });
    },
  );

  /** GET /api/system/Menu/Selector/{id} → `{ list: tree of directories and pages }` without menu `id` and its subtree (a parent picker). */
  app.get<{ Params: { id: string } }>('/api/system/Menu/Selector/:id', { config: { access: { menu: MENU_MANAGE } } }, async (req) => {
    const rows = (await live().select(columns).where('type', 'in', [1, 2]).orderBy('sort_code').execute()).map(menuWire);
    const drop = new Set([req.params.id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows) {
        if (drop.has(r.id) || !drop.has(r.parentId)) continue;
        drop.add(r.id);
        grew = true;
      }
    }
    return ok({ list: treeOf(rows.filter((r) => !drop.has(r.id))) });
  });

  /** GET /api/system/Menu/{id} → the menu; 404 when missing. */
  app.get<{ Params: { id: string } }>('/api/system/Menu/:id', { config: { access: { menu: MENU_MANAGE } } }, async (req) => {
    const r = await live().select(columns).where('id', '=', req.params.id).executeTakeFirst();
    if (!r) throw ApiError.notFound();
    return ok(menuWire(r));
  });

  /** POST /api/system/Menu (btn_add) → `{ id }`, 新建成功; 400 parent missing / enCode taken. */
  app.post<{ Body: MenuBody }>('/api/system/Menu', { config: { access: { menu: MENU_MANAGE, button: 'btn_add' } }, schema: { body: menuBody } }, async (req) => {
    const id = randomUUID();
    await db.insertInto('module').values({ id, ...(await checked(req.body, null)) }).execute();
    return ok({ id }, t(req.lang, 'createOk'));
  });

  /**
   * POST /api/system/Menu/{id} (btn_edit): replaces the menu's fields → `{ version }`; 404 when missing or deleted; 409
   * when `version` (issue 27, the one the form read) is older than the menu's (who changed it, when), nothing written.
   */
  app.post<{ Params: { id: string }; Body: MenuBody }>('/api/system/Menu/:id', { config: { access: { menu: MENU_MANAGE, button: 'btn_edit' } }, schema: { body: menuBody } }, async (req) => {
    const values = await checked(req.body, req.params.id);
    const version = await versionedUpdate(db, 'module', req.params.id, values, { version: versionOf(req.body), actor: userOf(req), notFound: () => ApiError.notFound() });
    return ok({ version }, t(req.lang, 'updateOk'));
  });

  /**
   * DELETE /api/system/Menu/{id}?version (btn_remove): moves the menu, with its items, to the recycle bin (issue 27;
   * _shared/builtin-recycle.ts): it leaves the menu tree, grants and access at once. Refused while it has live
   * sub-menus or grants; 409 an older version; 404 missing or already deleted.
   */
  app.delete<{ Params: { id: string } }>('/api/system/Menu/:id', { config: { access: { menu: MENU_MANAGE, button: 'btn_remove' } } }, async (req) => {
    const id = req.params.id;
    if (await live().select('id').where('parent_id', '=', id).executeTakeFirst()) throw menuFail(400, 'menuHasChildren');
    if (await db.selectFrom('authorize').select('id').where('item_type', '=', 'module').where('item_id', '=', id).executeTakeFirst()) throw menuFail(400, 'menuHasGrants');
    await softDelete(db, 'module', id, { version: versionOf(req.query as Record<string, unknown>), actor: userOf(req), notFound: () => ApiError.notFound() });
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /**
   * POST /api/system/Menu/{id}/Actions/FillFromModel (btn_edit): for a type-3 menu, adds the bound model's buttons,
   * list columns, form fields and data-rule fields (existing enCodes kept) → `{ buttons, columns, forms, fields }`
   * (how many were added). 400 when the menu is not bound to a model; 404 when missing.
   */
  app.post<{ Params: { id: string } }>('/api/system/Menu/:id/Actions/FillFromModel', { config: { access: { menu: MENU_MANAGE, button: 'btn_edit' } } }, async (req) => {
    const menu = await live().select(['id', 'type', 'property_json']).where('id', '=', req.params.id).executeTakeFirst();
    if (!menu) throw ApiError.notFound();
    const modelId = parseProperty(menu.property_json).moduleId;
    const model = menu.type === 3 && typeof modelId === 'string' ? await loadModel(db, modelId) : null;
    if (!model) throw menuFail(400, 'menuNotModel');
    const counts = await fillFromModel(db, menu.id, model);
    return ok(counts, menuText('fillOk', counts, req.lang));
  });
};

export default menuRoutes;
