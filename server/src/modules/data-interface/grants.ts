import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { authorize, grantedIds, modulesByEnCode, modulesOfModel, subjectsOf } from '../../plugins/permissions';
import { fail } from './messages';
import type { DataInterfaceDto, InterfaceGrants, RunScope } from './types';

/**
 * Who may run a data interface (issue 20 item 3; design.md §7a "every data path calls authorize"; permissions.md §3
 * grants as `authorize` rows). A run (`Actions/Response`, `Actions/List`, a field source of type 2) is allowed for:
 * - administrators, and designers (holders of the model-designer or data-interface menu, who may already run raw SQL);
 * - everyone signed in when the interface's run scope is `signedIn` (an explicit choice on the admin screen);
 * - holders of a grant on the interface: `authorize` rows item_type `dataInterface`, item_id the interface id, to
 *   the caller, one of its enabled roles or one of its positions (subjectsOf);
 * - a caller that names the form it runs the interface for (`modelId`, optionally the field `vModel`) when it may
 *   view a menu bound to that model AND the server's stored model really binds this interface there (a field's
 *   dynamic options `propsUrl`, popupSelect / popupTableSelect / autoComplete `interfaceId`, a sub-table's
 *   `addTableConf.interfaceId`, a field data source of type 2, or the list's tree filter `treePropsUrl`).
 * Anything else answers 403 暂无权限.
 */

/** Menus whose holders design data sources (the model designer and the interface admin; as source.ts). */
const DESIGN_MENUS = ['webDesign', 'dataInterface'];

/** True when the caller may design data sources (administrator, or a grant on a DESIGN_MENUS menu). */
export async function mayDesign(req: FastifyRequest): Promise<boolean> {
  const session = req.auth;
  if (!session) return false;
  if (session.isAdministrator) return true;
  const menus = (await Promise.all(DESIGN_MENUS.map((c) => modulesByEnCode(req.server.db, c)))).flat();
  return (await authorize(req.server.db, session, menus)).allowed;
}

type Field = { __vModel__?: string; __config__?: { children?: unknown[]; dataType?: string; propsUrl?: string }; [k: string]: unknown };

/** The interface ids/enCodes a field binds (see the module comment). */
function boundBy(f: Field): unknown[] {
  const cfg = f.__config__ ?? {};
  const ds = f.dataSource as { type?: unknown; content?: unknown } | undefined;
  return [
    cfg.dataType === 'dynamic' ? cfg.propsUrl : null,
    f.interfaceId,
    (f.addTableConf as { interfaceId?: unknown } | undefined)?.interfaceId,
    ds && Number(ds.type) === 2 ? ds.content : null,
  ];
}

/** Every field of a field tree (containers, tabs, sub-tables), depth first. */
function* fieldsOf(fields: unknown): Generator<Field> {
  if (!Array.isArray(fields)) return;
  for (const f of fields as Field[]) {
    if (!f || typeof f !== 'object') continue;
    yield f;
    yield* fieldsOf(f.__config__?.children);
  }
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown> | null;

/**
 * True when the stored model `modelId` binds interface `di` — in field `vModel` when given, else anywhere in its
 * form or its list's tree filter. False for an unknown model or field.
 */
export async function modelBinds(db: Db, modelId: string, vModel: string | undefined, di: Pick<DataInterfaceDto, 'id' | 'enCode'>): Promise<boolean> {
  const row = await db.selectFrom('visualdev').select(['form_data', 'column_data']).where('id', '=', modelId).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!row) return false;
  const hits = (v: unknown) => v === di.id || v === di.enCode;
  for (const f of fieldsOf(parse(row.form_data)?.fields)) {
    if (vModel !== undefined && f.__vModel__ !== vModel) continue;
    if (boundBy(f).some(hits)) return true;
  }
  if (vModel !== undefined) return false;
  const col = parse(row.column_data);
  return !!col && col.treeDataSource === 'api' && hits(col.treePropsUrl);
}

/** Where a run comes from: the form (model) and field the caller runs the interface for, when it says so. */
export interface RunVia {
  modelId?: unknown;
  vModel?: unknown;
}

/** Throws 403 暂无权限 unless the caller may run `di` (see the module comment). */
export async function assertMayRun(req: FastifyRequest, di: DataInterfaceDto, via: RunVia = {}): Promise<void> {
  const session = req.auth;
  if (!session) throw ApiError.forbidden();
  const db = req.server.db;
  if (session.isAdministrator || di.runScope === 'signedIn') return;
  if ((await grantedIds(db, await subjectsOf(db, session), 'dataInterface')).has(di.id)) return;
  if (typeof via.modelId === 'string' && via.modelId) {
    const vModel = typeof via.vModel === 'string' && via.vModel ? via.vModel : undefined;
    if ((await authorize(db, session, await modulesOfModel(db, via.modelId))).allowed && (await modelBinds(db, via.modelId, vModel, di))) return;
  }
  if (await mayDesign(req)) return;
  throw ApiError.forbidden();
}

/** The run grants of interface `id` (run scope and the roles, users and positions granted). */
export async function readGrants(db: Db, di: Pick<DataInterfaceDto, 'id' | 'runScope'>): Promise<InterfaceGrants> {
  const rows = await db.selectFrom('authorize').select(['object_type', 'object_id']).where('item_type', '=', 'dataInterface').where('item_id', '=', di.id).orderBy('object_id').execute();
  const of = (t: string) => rows.filter((r) => r.object_type === t).map((r) => r.object_id);
  return { runScope: di.runScope, roleIds: of('Role'), userIds: of('User'), positionIds: of('Position') };
}

/** Labels of the grant lists in messages. */
const TARGET = {
  roleIds: { table: 'role', objectType: 'Role', label: { zh: '角色', en: 'Role' } },
  userIds: { table: 'users', objectType: 'User', label: { zh: '用户', en: 'User' } },
  positionIds: { table: 'position', objectType: 'Position', label: { zh: '岗位', en: 'Position' } },
} as const;

/**
 * Replaces the run grants of interface `id` in one transaction: its run scope and every `dataInterface` grant.
 * Throws 400 naming the field for an id that is not an existing role, user or position.
 */
export async function saveGrants(db: Db, id: string, g: Partial<InterfaceGrants> & { runScope: RunScope }): Promise<void> {
  const wanted: Array<{ object_type: 'Role' | 'User' | 'Position'; object_id: string }> = [];
  for (const key of ['roleIds', 'userIds', 'positionIds'] as const) {
    const ids = [...new Set(g[key] ?? [])];
    if (!ids.length) continue;
    const { table, objectType, label } = TARGET[key];
    const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).where('f_deleted_at', 'is', null).execute()).map((r) => r.id));
    const missing = ids.find((x) => !found.has(x));
    if (missing !== undefined) throw fail(400, 'grantTarget', { field: label, id: missing }, { field: key });
    for (const x of ids) wanted.push({ object_type: objectType, object_id: x });
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('data_interface').set({ run_scope: g.runScope }).where('id', '=', id).execute();
    await trx.deleteFrom('authorize').where('item_type', '=', 'dataInterface').where('item_id', '=', id).execute();
    if (wanted.length) {
      await trx
        .insertInto('authorize')
        .values(wanted.map((w) => ({ id: randomUUID(), item_type: 'dataInterface' as const, item_id: id, ...w })))
        .execute();
    }
  });
}
