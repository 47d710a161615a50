import type { Db } from '../db/types';
import { authCacheOf } from '../plugins/auth-cache';
import { type Access, authorize, type Decision, modulesByEnCode, modulesOfModel, type SessionInfo } from '../plugins/permissions';
import { decideModel } from './model-decision';

/**
 * Entry points of the policy engine for routes (design.md §7a; issue 12 item 4). `authorizeModel` is
 * `authorize(session, modelId, action) → { allowed, moduleId, rowFilter, readFields, writeFields }` for a model: the
 * menus come from the server's model-to-menu binding (module.property_json.moduleId), never from the client.
 */

const DENY: Decision = { allowed: false, moduleId: null, rowFilter: null, readFields: null, writeFields: null };

/**
 * The decision for `action` ('view' or a button enCode) on model `modelId` (permissions/model-decision.ts). An
 * administrator may do everything with no restriction. Cached per process like `authorize` (until a write to a
 * watched table, at most GRANT_TTL_MS).
 */
export async function authorizeModel(db: Db, session: SessionInfo, modelId: string, action = 'view'): Promise<Decision> {
  const menus = await modulesOfModel(db, modelId);
  if (session.isAdministrator) return { ...DENY, allowed: true, moduleId: menus[0] ?? null };
  if (!menus.length) return DENY;
  const cache = authCacheOf(db);
  const run = async () => (await decideModel(db, session, modelId, menus, action)).decision;
  if (!cache) return run();
  const key = JSON.stringify(['model', session.userId, session.positionId, session.organizeId, modelId, action]);
  const hit = cache.decisions.get(key) as Decision | undefined;
  if (hit) return hit;
  return cache.readThrough(run, (d) => cache.decisions.set(key, d));
}

/**
 * The decision for a route's `access` declaration (plugins/auth.ts calls it once per request): a `{ model }` route
 * through authorizeModel with the route parameter naming the model, a `{ menu }` route through `authorize` on the
 * menus with that enCode.
 */
export async function authorizeAccess(db: Db, session: SessionInfo, access: Exclude<Access, 'public' | 'signedIn'>, params: Record<string, string> | undefined): Promise<Decision> {
  if ('model' in access) {
    const modelId = params?.[access.model];
    return modelId ? authorizeModel(db, session, modelId, access.button ?? 'view') : DENY;
  }
  return authorize(db, session, await modulesByEnCode(db, access.menu), access.button ?? 'view');
}
