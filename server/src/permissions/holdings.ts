import type { Db } from '../db/types';
import { authCacheOf } from '../plugins/auth-cache';
import { type SessionInfo, type Subject, signedInModules, subjectsOf } from '../plugins/permissions';
import './tables';

/**
 * What a user holds (issue 12 items 3, 5; reference/permissions.md §3): the union of the grants of the user, its
 * enabled roles and its positions, per item type; an item counts only when enabled and its menu is held and enabled.
 * Administrators hold everything (`all`). Used by CurrentUser (permissionList), the grant editor (a caller reads and
 * grants only what it holds) and the explainer.
 */

/** Grantable item types (authorize.item_type). */
export const ITEM_TYPES = ['module', 'button', 'column', 'form', 'resource', 'portal'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The tables of the per-menu item types. */
export const ITEM_TABLES = { button: 'module_button', column: 'module_column', form: 'module_form', resource: 'module_data_authorize_scheme' } as const;

/** One held per-menu item. */
export interface HeldItem {
  id: string;
  moduleId: string;
  fullName: string;
  enCode: string;
}

/** The holdings of a user. */
export interface Holdings {
  all: boolean;
  subjects: Subject[];
  /** Held enabled menus (ids). */
  modules: Set<string>;
  /** Held items per type (enabled, on a held menu). */
  items: Record<'button' | 'column' | 'form' | 'resource', HeldItem[]>;
  /** Held portal ids (granted portals; administrators: all). */
  portals: Set<string>;
}

/**
 * The holdings of `session`'s user (see the module comment). Cached per process like `authorize` decisions
 * (plugins/auth-cache.ts: dropped by any write to a permission table, at most GRANT_TTL_MS); callers must not mutate
 * the answer.
 */
export async function holdingsOf(db: Db, session: Pick<SessionInfo, 'userId' | 'positionId' | 'isAdministrator'>): Promise<Holdings> {
  const cache = authCacheOf(db);
  if (!cache) return readHoldings(db, session);
  const key = JSON.stringify(['holdings', session.userId, session.positionId, session.isAdministrator]);
  const hit = cache.decisions.get(key) as Holdings | undefined;
  if (hit) return hit;
  return cache.readThrough(() => readHoldings(db, session), (h) => cache.decisions.set(key, h));
}

async function readHoldings(db: Db, session: Pick<SessionInfo, 'userId' | 'positionId' | 'isAdministrator'>): Promise<Holdings> {
  const all = session.isAdministrator;
  const subjects = all ? [] : await subjectsOf(db, session);
  // Every grant of the subjects in one query, split by item type (null for an administrator: everything).
  const granted = all ? null : await grantsByType(db, subjects);
  // Menus open to every signed-in user (plugins/permissions.ts signedInModules) are held as if granted.
  if (granted) granted.set('module', new Set([...(granted.get('module') ?? []), ...(await signedInModules(db))]));
  const g = (type: string) => granted?.get(type) ?? new Set<string>();
  const enabled = await db.selectFrom('module').select('id').where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  const modules = new Set(enabled.map((m) => m.id).filter((id) => !granted || g('module').has(id)));
  const items = {} as Holdings['items'];
  for (const type of ['button', 'column', 'form', 'resource'] as const) {
    const rows = await db.selectFrom(ITEM_TABLES[type]).select(['id', 'module_id', 'full_name', 'en_code']).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('id').execute();
    const held = granted ? g(type) : null;
    items[type] = rows.filter((r) => modules.has(r.module_id) && (!held || held.has(r.id))).map((r) => ({ id: r.id, moduleId: r.module_id, fullName: r.full_name, enCode: r.en_code }));
  }
  return { all, subjects, modules, items, portals: g('portal') };
}

/** The item ids granted to any of `subjects`, per item type (one query). */
async function grantsByType(db: Db, subjects: Subject[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!subjects.length) return out;
  const rows = await db
    .selectFrom('authorize')
    .select(['item_type', 'item_id'])
    .where((eb) => eb.or(subjects.map((s) => eb.and([eb('object_type', '=', s.objectType), eb('object_id', '=', s.objectId)]))))
    .execute();
  for (const r of rows) {
    const set = out.get(r.item_type) ?? new Set<string>();
    set.add(r.item_id);
    out.set(r.item_type, set);
  }
  return out;
}

/** True when `h` holds item `id` of `type` (administrators: every existing item). */
export function holds(h: Holdings, type: ItemType, id: string): boolean {
  if (h.all) return true;
  if (type === 'module') return h.modules.has(id);
  if (type === 'portal') return h.portals.has(id);
  return h.items[type].some((i) => i.id === id);
}
