import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/types';
import { t } from '../../i18n';
import { assertSchemeValid, parseConditionJson, SchemeError, SYSTEM_SCHEME_FIELDS, schemeText } from '../../permissions/schemes';
import '../../permissions/tables';
import { ApiError, ok } from '../../plugins/envelope';
import { parseProperty } from '../../plugins/permissions';
import { userOf } from '../_shared/record-routes';
import { type MenuItemTable, softDelete, versionedUpdate, versionOf } from '../_shared/row-version';
import { loadModel } from '../visualdev/model-store';
import { MENU_MANAGE } from './menu-routes';
import { menuFail } from './messages';

/**
 * The items of a menu (issue 12 item 2; reference/permissions.md §2), JNPF names and shapes, one route set per kind
 * under /api/system/{Kind}: `GET {moduleId}/List` → `{ list }`, `GET {id}`, `POST` (create, body with moduleId) →
 * `{ id }`, `POST {id}` (update), `DELETE {id}` (its grants go with it). Kinds: ModuleButton {fullName, enCode, icon,
 * parentId}, ModuleColumn / ModuleForm {fullName, enCode, bindTable, fieldRule, childTableKey}, ModuleDataAuthorize
 * {fullName, enCode, type, conditionSymbol, conditionText, bindTable, fieldRule}, ModuleDataAuthorizeScheme
 * {fullName, enCode, allData, matchLogic, conditionJson, conditionText}. Every kind also has description, sortCode,
 * enabledMark. A scheme's conditionJson is checked when saved (unknown field, operator or variable → 400; fields: the
 * bound model's columns and created_by/updated_by, else the menu's data-rule fields); one allData scheme per menu.
 * Versions (issue 27 item 1; migration 0664): each item answers `version` (list and detail); an update (`version` in
 * the body) or delete (`?version`) from an older one is refused (409 naming who changed it and when, nothing
 * written); without one it writes as before. A delete moves the item to its kind's recycle bin (GET/POST
 * /api/system/{Kind}/Recycle…, runtime-bins.ts; its grants stay for the restore and grant nothing meanwhile); a binned
 * item is in no list, detail or permission read, its code stays taken in its menu. An item's write does not step its menu's version. The menu form (POST Menu/{id})
 * never sends the items, each item is saved on its own route, so a menu form opened before an item edit cannot undo
 * it; stepping would refuse that menu save for nothing. A menu in the recycle bin takes no new items (400).
 */

type Kind = 'ModuleButton' | 'ModuleColumn' | 'ModuleForm' | 'ModuleDataAuthorize' | 'ModuleDataAuthorizeScheme';
type Table = MenuItemTable;

const str = (max: number) => ({ type: ['string', 'null'], maxLength: max });
const common = { fullName: { type: 'string', minLength: 1, maxLength: 100 }, enCode: { type: 'string', minLength: 1, maxLength: 200 }, description: str(500), sortCode: { type: 'integer', minimum: 0, maximum: 1_000_000 }, enabledMark: { type: 'integer', enum: [0, 1] } };
const fieldItem = { bindTable: str(63), fieldRule: { type: 'integer', enum: [0, 1, 2] }, childTableKey: str(63) };

/** Per kind: its table, grant item type, and wire name → column of the fields beyond the common ones. */
const KINDS: Record<Kind, { table: Table; item: 'button' | 'column' | 'form' | 'resource' | null; fields: Record<string, string>; schema: Record<string, unknown> }> = {
  ModuleButton: { table: 'module_button', item: 'button', fields: { icon: 'icon', parentId: 'parent_id' }, schema: { icon: str(100), parentId: { type: 'string', maxLength: 100 } } },
  ModuleColumn: { table: 'module_column', item: 'column', fields: { bindTable: 'bind_table', fieldRule: 'field_rule', childTableKey: 'child_table_key', parentId: 'parent_id' }, schema: { ...fieldItem, parentId: { type: 'string', maxLength: 100 } } },
  ModuleForm: { table: 'module_form', item: 'form', fields: { bindTable: 'bind_table', fieldRule: 'field_rule', childTableKey: 'child_table_key', parentId: 'parent_id' }, schema: { ...fieldItem, parentId: { type: 'string', maxLength: 100 } } },
  ModuleDataAuthorize: {
    table: 'module_data_authorize',
    item: null,
    fields: { type: 'type', conditionSymbol: 'condition_symbol', conditionText: 'condition_text', bindTable: 'bind_table', fieldRule: 'field_rule' },
    schema: { type: { type: 'string', maxLength: 20 }, conditionSymbol: { type: 'string', maxLength: 300 }, conditionText: { type: 'string', maxLength: 100 }, bindTable: str(63), fieldRule: { type: 'integer', enum: [0, 1, 2] } },
  },
  ModuleDataAuthorizeScheme: {
    table: 'module_data_authorize_scheme',
    item: 'resource',
    fields: { allData: 'all_data', matchLogic: 'match_logic', conditionJson: 'condition_json', conditionText: 'condition_text' },
    schema: { allData: { type: 'integer', enum: [0, 1] }, matchLogic: { type: 'string', enum: ['and', 'or', 'AND', 'OR'] }, conditionJson: { anyOf: [{ type: 'string', maxLength: 50_000 }, { type: 'array' }, { type: 'object' }] }, conditionText: { type: 'string', maxLength: 2000 } },
  },
};

const WIRE_COMMON: Record<string, string> = { fullName: 'full_name', enCode: 'en_code', description: 'description', sortCode: 'sort_code', enabledMark: 'enabled_mark' };

function toWire(kind: Kind, r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: r.id, moduleId: r.module_id, version: Number(r.f_version ?? 1) };
  for (const [w, c] of Object.entries({ ...WIRE_COMMON, ...KINDS[kind].fields })) if (c in r) out[w] = r[c] ?? (typeof r[c] === 'number' ? 0 : '');
  return out;
}

/** The fields a scheme of menu `moduleId` may name: the bound model's main columns + created_by/updated_by, else the menu's data-rule fields. */
export async function schemeFields(db: Db, moduleId: string): Promise<Set<string>> {
  const menu = await db.selectFrom('module').select(['type', 'property_json']).where('id', '=', moduleId).executeTakeFirst();
  const modelId = parseProperty(menu?.property_json ?? null).moduleId;
  const model = menu?.type === 3 && typeof modelId === 'string' ? await loadModel(db, modelId) : null;
  if (model) return new Set([...model.columns.map((c) => c.name), ...SYSTEM_SCHEME_FIELDS]);
  return new Set((await db.selectFrom('module_data_authorize').select('en_code').where('module_id', '=', moduleId).where('f_deleted_at', 'is', null).execute()).map((r) => r.en_code));
}

/** Checks and normalises a scheme's values before a write (400 on an unknown field/operator/variable, a second allData). */
async function checkScheme(db: Db, moduleId: string, values: Record<string, unknown>, id: string | null): Promise<void> {
  if (Number(values.all_data) === 1) {
    const other = await db.selectFrom('module_data_authorize_scheme').select('id').where('module_id', '=', moduleId).where('all_data', '=', 1).executeTakeFirst();
    if (other && other.id !== id) throw menuFail(400, 'allDataExists');
    values.condition_json = '[]';
    values.condition_text = '全部数据';
    return;
  }
  try {
    const parsed = parseConditionJson(values.condition_json ?? '[]', String(values.match_logic ?? 'and'));
    assertSchemeValid(parsed, await schemeFields(db, moduleId));
    values.condition_json = JSON.stringify(parsed.groups.map((g) => ({ logic: g.logic, groups: g.conditions })));
    values.match_logic = parsed.matchLogic;
    values.condition_text = schemeText(parsed);
  } catch (err) {
    if (err instanceof SchemeError) throw menuFail(400, err.reason, { detail: err.detail });
    throw err;
  }
}

const itemsRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const { table, fields, schema } = KINDS[kind];
    const base = `/api/system/${kind}`;
    const body = { type: 'object', properties: { moduleId: { type: 'string', maxLength: 100 }, ...common, ...schema, version: { type: 'integer', minimum: 1 }, n: {} } };
    const anyDb = db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    const valuesOf = (b: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const [w, c] of Object.entries({ ...WIRE_COMMON, ...fields })) if (b[w] !== undefined) out[c] = w === 'conditionJson' && typeof b[w] !== 'string' ? JSON.stringify(b[w]) : b[w];
      return out;
    };

    /** GET /api/system/{Kind}/{moduleId}/List → `{ list }` in sortCode order. */
    app.get<{ Params: { moduleId: string } }>(`${base}/:moduleId/List`, { config: { access: { menu: MENU_MANAGE } } }, async (req) => {
      const rows = await anyDb.selectFrom(table).selectAll().where('module_id', '=', req.params.moduleId).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('id').execute();
      return ok({ list: rows.map((r) => toWire(kind, r)) });
    });

    /** GET /api/system/{Kind}/{id} → the item; 404 when missing. */
    app.get<{ Params: { id: string } }>(`${base}/:id`, { config: { access: { menu: MENU_MANAGE } } }, async (req) => {
      const r = await anyDb.selectFrom(table).selectAll().where('id', '=', req.params.id).where('f_deleted_at', 'is', null).executeTakeFirst();
      if (!r) throw ApiError.notFound();
      return ok(toWire(kind, r));
    });

    /** POST /api/system/{Kind} `{ moduleId, fullName, enCode, … }` → `{ id }`; 400 unknown menu / enCode taken / bad scheme. */
    app.post<{ Body: Record<string, unknown> }>(base, { config: { access: { menu: MENU_MANAGE, button: 'btn_add' } }, schema: { body: { ...body, required: ['moduleId', 'fullName', 'enCode'] } } }, async (req) => {
      const moduleId = String(req.body.moduleId);
      if (!(await db.selectFrom('module').select('id').where('id', '=', moduleId).where('f_deleted_at', 'is', null).executeTakeFirst())) throw menuFail(400, 'menuParentMissing');
      const values = valuesOf(req.body);
      if (table === 'module_data_authorize_scheme') await checkScheme(db, moduleId, values, null);
      if (await anyDb.selectFrom(table).select('id').where('module_id', '=', moduleId).where('en_code', '=', values.en_code as string).executeTakeFirst()) throw menuFail(400, 'enCodeTaken', { enCode: String(values.en_code) });
      const id = randomUUID();
      await anyDb.insertInto(table).values({ ...values, id, module_id: moduleId }).execute();
      return ok({ id }, t(req.lang, 'createOk'));
    });

    /** POST /api/system/{Kind}/{id}: updates the item (its menu stays) → `{ version }`; 404 when missing; 409 an older `version`. */
    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(`${base}/:id`, { config: { access: { menu: MENU_MANAGE, button: 'btn_edit' } }, schema: { body } }, async (req) => {
      const cur = await anyDb.selectFrom(table).select(['id', 'module_id']).where('id', '=', req.params.id).where('f_deleted_at', 'is', null).executeTakeFirst();
      if (!cur) throw ApiError.notFound();
      const values = valuesOf(req.body);
      if (table === 'module_data_authorize_scheme') await checkScheme(db, String(cur.module_id), values, req.params.id);
      if (values.en_code) {
        const taken = await anyDb.selectFrom(table).select('id').where('module_id', '=', cur.module_id as string).where('en_code', '=', values.en_code as string).executeTakeFirst();
        if (taken && taken.id !== req.params.id) throw menuFail(400, 'enCodeTaken', { enCode: String(values.en_code) });
      }
      const version = await versionedUpdate(db, table, req.params.id, values, { version: versionOf(req.body), actor: userOf(req), notFound: () => ApiError.notFound() });
      return ok({ version }, t(req.lang, 'updateOk'));
    });

    /** DELETE /api/system/{Kind}/{id}?version: moves the item to the recycle bin (its grants kept for the restore); 404 when missing; 409 an older version. */
    app.delete<{ Params: { id: string } }>(`${base}/:id`, { config: { access: { menu: MENU_MANAGE, button: 'btn_remove' } } }, async (req) => {
      await softDelete(db, table, req.params.id, { version: versionOf(req.query as Record<string, unknown>), actor: userOf(req), notFound: () => ApiError.notFound() });
      return ok(null, t(req.lang, 'deleteOk'));
    });
  }
};

export default itemsRoutes;
