import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/types';
import { decideModel } from '../../permissions/model-decision';
import { rowFilterText } from '../../permissions/row-filter';
import { rowFilterExpr } from '../../permissions/row-sql';
import { ApiError, ok } from '../../plugins/envelope';
import { parseProperty, type SessionInfo, SIGNED_IN_FLAG, subjectsOf } from '../../plugins/permissions';
import { menuFail } from '../menu/messages';
import { columnKinds, columnRefs } from '../visualdev/field-access';
import { DELETED_AT_COLUMN } from '../visualdev/model-layout';
import { loadModel } from '../visualdev/model-store';
import { raw } from '../visualdev/onlinedev-repository';

/**
 * "Why can X see Y" (issue 12 item 5): GET /api/permission/Authority/Explain?userId&menuId&recordId? →
 * `{ user, menu, allowed, sources: [{ objectType, objectId, name, menu (bool), button[], column[], form[],
 * resource[] }], switches, readFields, writeFields, rowFilter: { text, sql, parameters } | null, record? }`:
 * which of the user's roles, positions and direct grants gave the menu and each of its buttons, columns, form fields
 * and schemes; the row filter the schemes build (readable and as the SQL with its bound parameters; null = no
 * restriction); and, given a record id, whether it exists and passes (`{ id, exists, passes }`). Computed by the
 * same engine the data paths use (model-decision.ts). `menu.signedIn`: the menu is open to every signed-in user by
 * design (no grant needed; plugins/permissions.ts signedInModules). Access: the 权限授权 menu. 400 unknown user; 404
 * unknown menu.
 */

const query = { type: 'object', required: ['userId', 'menuId'], properties: { userId: { type: 'string', maxLength: 100 }, menuId: { type: 'string', maxLength: 100 }, recordId: { type: 'string', maxLength: 100 }, n: {} } } as const;

async function nameOf(db: Db, objectType: string, id: string): Promise<string> {
  if (objectType === 'Role') return (await db.selectFrom('role').select('full_name').where('id', '=', id).executeTakeFirst())?.full_name ?? id;
  if (objectType === 'Position') return (await db.selectFrom('position').select('full_name').where('id', '=', id).executeTakeFirst())?.full_name ?? id;
  return (await db.selectFrom('users').select('real_name').where('id', '=', id).executeTakeFirst())?.real_name ?? id;
}

const explainRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  app.get<{ Querystring: { userId: string; menuId: string; recordId?: string } }>('/api/permission/Authority/Explain', { config: { access: { menu: 'permissionAuthorize' } }, schema: { querystring: query } }, async (req) => {
    const { userId, menuId, recordId } = req.query;
    const u = await db.selectFrom('users').select(['id', 'account', 'real_name', 'is_administrator', 'organize_id', 'position_id']).where('id', '=', userId).executeTakeFirst();
    if (!u) throw menuFail(400, 'explainUserMissing');
    const menu = await db.selectFrom('module').select(['id', 'full_name', 'type', 'property_json', 'enabled_mark']).where('id', '=', menuId).executeTakeFirst();
    if (!menu) throw ApiError.notFound();
    const session: SessionInfo = { id: '', userId: u.id, account: u.account, realName: u.real_name, isAdministrator: u.is_administrator, organizeId: u.organize_id, positionId: u.position_id };
    const subjects = await subjectsOf(db, session);
    const items = {
      button: await db.selectFrom('module_button').select(['id', 'en_code']).where('module_id', '=', menuId).where('f_deleted_at', 'is', null).execute(),
      column: await db.selectFrom('module_column').select(['id', 'en_code']).where('module_id', '=', menuId).where('f_deleted_at', 'is', null).execute(),
      form: await db.selectFrom('module_form').select(['id', 'en_code']).where('module_id', '=', menuId).where('f_deleted_at', 'is', null).execute(),
      resource: await db.selectFrom('module_data_authorize_scheme').select(['id', 'full_name as en_code']).where('module_id', '=', menuId).where('f_deleted_at', 'is', null).execute(),
    };
    const sources = [];
    for (const s of subjects) {
      const rows = await db.selectFrom('authorize').select(['item_type', 'item_id']).where('object_type', '=', s.objectType).where('object_id', '=', s.objectId).execute();
      const has = (type: string, id: string) => rows.some((r) => r.item_type === type && r.item_id === id);
      const pick = (type: keyof typeof items) => items[type].filter((i) => has(type, i.id)).map((i) => i.en_code);
      const entry = { objectType: s.objectType, objectId: s.objectId, name: await nameOf(db, s.objectType, s.objectId), menu: has('module', menuId), button: pick('button'), column: pick('column'), form: pick('form'), resource: pick('resource') };
      if (entry.menu || entry.button.length || entry.column.length || entry.form.length || entry.resource.length) sources.push(entry);
    }
    const modelId = parseProperty(menu.property_json).moduleId;
    const model = menu.type === 3 && typeof modelId === 'string' ? await loadModel(db, modelId) : null;
    // A menu open to every signed-in user by design (plugins/permissions.ts signedInModules) needs no grant.
    const signedIn = parseProperty(menu.property_json)[SIGNED_IN_FLAG] === true;
    const base = { user: { id: u.id, account: u.account, realName: u.real_name, isAdministrator: u.is_administrator }, menu: { id: menu.id, fullName: menu.full_name, type: menu.type, enabled: menu.enabled_mark === 1, modelId: model ? modelId : null, signedIn }, sources };
    if (!model) return ok({ ...base, allowed: u.is_administrator || (menu.enabled_mark === 1 && (signedIn || sources.some((s) => s.menu))), switches: null, readFields: null, writeFields: null, rowFilter: null });
    const { decision, facts } = u.is_administrator ? { decision: { allowed: true, moduleId: menuId, rowFilter: null, readFields: null, writeFields: null }, facts: null } : await decideModel(db, session, model.record.id, [menuId], 'view');
    const kinds = columnKinds(model);
    const rf = decision.rowFilter;
    const compiled = rf ? raw(db).selectFrom(model.table).select('id').where((eb) => rowFilterExpr(eb, rf, kinds, columnRefs(model))).compile() : null;
    let record: { id: string; exists: boolean; passes: boolean } | undefined;
    if (recordId) {
      const exists = !!(await raw(db).selectFrom(model.table).select('id').where('id', '=', recordId).where(DELETED_AT_COLUMN, 'is', null).executeTakeFirst());
      const passes = exists && decision.allowed && (!rf || !!(await raw(db).selectFrom(model.table).select('id').where('id', '=', recordId).where((eb) => rowFilterExpr(eb, rf, kinds, columnRefs(model))).executeTakeFirst()));
      record = { id: recordId, exists, passes };
    }
    return ok({
      ...base,
      allowed: decision.allowed,
      switches: facts?.switches ?? null,
      readFields: decision.readFields,
      writeFields: decision.writeFields,
      rowFilter: decision.allowed ? { text: rowFilterText(rf), sql: compiled?.sql ?? null, parameters: compiled ? [...compiled.parameters] : [] } : null,
      ...(record ? { record } : {}),
    });
  });
};

export default explainRoutes;
