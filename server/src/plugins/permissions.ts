import type { Db } from '../db/types';
import type { RowFilter } from '../permissions/row-filter';
import { authCacheOf } from './auth-cache';

/**
 * Who may call a route (design.md §7a), declared once per route as `config: { access }`:
 * - `'public'`: anyone (sign-in, logout);
 * - `'signedIn'`: any valid session;
 * - `{ model: 'id', button? }`: the route parameter `model` names a model (visualdev id); the caller needs a grant on a
 *   menu bound to it (module.property_json.moduleId) and, when `button` is set, on that menu's button enCode;
 * - `{ menu: 'enCode', button? }`: the same for a fixed menu found by its enCode (system pages).
 * A route without a declaration is refused at registration (plugins/auth.ts).
 */
export type Access = 'public' | 'signedIn' | { model: string; button?: string } | { menu: string; button?: string };

/** The signed-in caller, resolved from the token on every request (plugins/auth.ts). */
export interface SessionInfo {
  /** sha256 hex of the token (the session row id). */
  id: string;
  userId: string;
  account: string;
  realName: string;
  isAdministrator: boolean;
  organizeId: string | null;
  positionId: string | null;
  /** The user's saved language (Current/SystemLanguage: zh | en | tw | mas), null when never chosen; it wins over Accept-Language (issue 24 item 3). */
  language?: string | null;
  /**
   * True while the user must change the password before anything else (change_pwd_times 0: an administrator set or
   * reset it, or the first admin's random one; spec 000 §2): only routes with `config.beforePasswordChange` answer.
   */
  passwordChangeDue?: boolean;
}

/**
 * The outcome of `authorize` (design.md §7a). rowFilter: the rows the caller may read and write by id (the union of
 * its granted data schemes, permissions/row-filter.ts; `{schemes: []}` denies every row); readFields: the fields a
 * reply or export may carry; writeFields: the fields a write may touch. null = no restriction. Model routes get
 * them from permissions/access.ts authorizeModel; menu routes only allow or deny.
 */
export interface Decision {
  allowed: boolean;
  /** The menu whose grant allowed the call, when one did. */
  moduleId: string | null;
  rowFilter: RowFilter | null;
  readFields: string[] | null;
  writeFields: string[] | null;
}

/** A grant holder: the user itself, its roles and its positions. */
export interface Subject {
  objectType: 'User' | 'Role' | 'Position';
  objectId: string;
}

/** The subjects whose grants a user unites: the user, its enabled roles, its positions (membership or main post); none in the recycle bin (issue 27). */
export async function subjectsOf(db: Db, session: Pick<SessionInfo, 'userId' | 'positionId'>): Promise<Subject[]> {
  const rel = await db
    .selectFrom('user_relation as r')
    .leftJoin('role', (j) => j.onRef('role.id', '=', 'r.object_id').on('r.object_type', '=', 'Role'))
    .leftJoin('position', (j) => j.onRef('position.id', '=', 'r.object_id').on('r.object_type', '=', 'Position'))
    .select(['r.object_type', 'r.object_id', 'role.enabled_mark', 'role.f_deleted_at as role_deleted', 'position.f_deleted_at as position_deleted'])
    .where('r.user_id', '=', session.userId)
    .where('r.object_type', 'in', ['Role', 'Position'])
    .execute();
  const out: Subject[] = [{ objectType: 'User', objectId: session.userId }];
  for (const r of rel) {
    if (r.object_type === 'Role' && (r.enabled_mark !== 1 || r.role_deleted)) continue;
    if (r.position_deleted) continue;
    out.push({ objectType: r.object_type as 'Role' | 'Position', objectId: r.object_id });
  }
  if (session.positionId && !out.some((s) => s.objectType === 'Position' && s.objectId === session.positionId)) {
    out.push({ objectType: 'Position', objectId: session.positionId });
  }
  return out;
}

/**
 * The ids of items of `itemType` granted to any of `subjects` (the union of their grants; 'dataInterface': issue 20
 * item 3). Menus ('module') also include the menus open to every signed-in user ({@link signedInModules}).
 */
export async function grantedIds(db: Db, subjects: Subject[], itemType: 'module' | 'button' | 'column' | 'form' | 'resource' | 'dataInterface'): Promise<Set<string>> {
  if (!subjects.length) return new Set();
  const rows = await db
    .selectFrom('authorize')
    .select('item_id')
    .where('item_type', '=', itemType)
    .where((eb) => eb.or(subjects.map((s) => eb.and([eb('object_type', '=', s.objectType), eb('object_id', '=', s.objectId)]))))
    .execute();
  const out = new Set(rows.map((r) => r.item_id));
  if (itemType === 'module') for (const id of await signedInModules(db)) out.add(id);
  return out;
}

/** The menu flag that opens a menu to every signed-in user: module.property_json `{ "signedIn": true }`. */
export const SIGNED_IN_FLAG = 'signedIn';

/**
 * The menus open to every signed-in user by design (module.property_json `signedIn: true`; issue 15 item 4: the
 * 工作流程 views 发起流程, 待办, 已办, 抄送, 我发起的, 委托 and their folder — every user launches and approves, and the
 * runtime routes check each task), held as if granted to every subject: a role created later needs no grant for
 * them. Only the menu itself: its buttons, columns and fields are still granted. An administrator can still disable
 * such a menu. Cached like modulesOfModel.
 */
export async function signedInModules(db: Db): Promise<string[]> {
  return cachedMenus(db, SIGNED_IN_FLAG, async () => {
    const rows = await db.selectFrom('module').select(['id', 'property_json']).where('property_json', 'like', `%${SIGNED_IN_FLAG}%`).where('f_deleted_at', 'is', null).execute();
    return rows.filter((r) => parseProperty(r.property_json)[SIGNED_IN_FLAG] === true).map((r) => r.id);
  });
}

/**
 * The menus bound to a model (module.property_json.moduleId = visualdev id), from the server's own binding.
 * Cached per process until a write to module (or another permission table) and at most GRANT_TTL_MS (10 s, the bound
 * on other instances' menu changes; plugins/auth-cache.ts).
 */
export async function modulesOfModel(db: Db, modelId: string): Promise<string[]> {
  return cachedMenus(db, `model:${modelId}`, async () => {
    const rows = await db
      .selectFrom('module')
      .select(['id', 'property_json'])
      .where('property_json', 'like', `%${modelId.replace(/[\\%_]/g, '\\$&')}%`)
      .execute();
    return rows.filter((r) => parseProperty(r.property_json).moduleId === modelId).map((r) => r.id);
  });
}

/** The menus with a given enCode (cached like modulesOfModel). */
export async function modulesByEnCode(db: Db, enCode: string): Promise<string[]> {
  return cachedMenus(db, `enCode:${enCode}`, async () => {
    const rows = await db.selectFrom('module').select('id').where('en_code', '=', enCode).execute();
    return rows.map((r) => r.id);
  });
}

async function cachedMenus(db: Db, key: string, read: () => Promise<string[]>): Promise<string[]> {
  const cache = authCacheOf(db);
  if (!cache) return read();
  const hit = cache.menus.get(key);
  if (hit) return [...hit];
  return [...(await cache.readThrough(read, (v) => cache.menus.set(key, v)))];
}

/** Parses a menu's property_json string; {} when empty or malformed. */
export function parseProperty(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const v = JSON.parse(json);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

const DENY: Decision = { allowed: false, moduleId: null, rowFilter: null, readFields: null, writeFields: null };

/**
 * The one policy function (design.md §7a): may `session` perform `action` on menu `moduleId` (or any of several menus
 * bound to the same model)? `action` is 'view' (the menu itself) or a button enCode (btn_add, btn_edit, btn_remove…).
 * Administrators may do everything; others need an enabled menu granted to them (user, role or position) and, for a
 * button, a grant on that menu's button. No grant → denied.
 * Decisions are cached per process by (user, position, menus, action) until a write to a permission table
 * (authorize, user_relation, role, position, users, module, module_button) and at most GRANT_TTL_MS (10 s), which
 * bounds how long other instances' grant changes take to apply (plugins/auth-cache.ts).
 */
export async function authorize(db: Db, session: SessionInfo, moduleId: string | string[], action = 'view'): Promise<Decision> {
  const ids = Array.isArray(moduleId) ? moduleId : [moduleId];
  if (session.isAdministrator) return { ...DENY, allowed: true, moduleId: ids[0] ?? null };
  if (!ids.length) return DENY;
  const cache = authCacheOf(db);
  if (!cache) return decide(db, session, ids, action);
  const key = JSON.stringify([session.userId, session.positionId, ids, action]);
  const hit = cache.decisions.get(key) as Decision | undefined;
  if (hit) return { ...hit };
  return { ...(await cache.readThrough(() => decide(db, session, ids, action), (d) => cache.decisions.set(key, d))) };
}

/** authorize() without the cache, for a non-administrator and at least one menu. */
async function decide(db: Db, session: SessionInfo, ids: string[], action: string): Promise<Decision> {
  const subjects = await subjectsOf(db, session);
  const modules = await grantedIds(db, subjects, 'module');
  // A menu in the recycle bin (issue 27) grants nothing.
  const enabled = await db.selectFrom('module').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  const candidates = enabled.map((m) => m.id).filter((id) => modules.has(id));
  if (!candidates.length) return DENY;
  if (action === 'view') return { ...DENY, allowed: true, moduleId: candidates[0] };
  const buttons = await db
    .selectFrom('module_button')
    .select(['id', 'module_id'])
    .where('module_id', 'in', candidates)
    .where('en_code', '=', action)
    .where('enabled_mark', '=', 1)
    // A button in the recycle bin (issue 27) grants nothing.
    .where('f_deleted_at', 'is', null)
    .execute();
  const granted = await grantedIds(db, subjects, 'button');
  const hit = buttons.find((b) => granted.has(b.id));
  return hit ? { ...DENY, allowed: true, moduleId: hit.module_id } : DENY;
}
