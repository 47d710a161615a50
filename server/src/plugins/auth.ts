import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import { authCacheOf, type CachedSession } from './auth-cache';
import { ApiError } from './envelope';
import { authorizeAccess } from '../permissions/access';
import type { Access, Decision, SessionInfo } from './permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (plugins/permissions.ts). Required on every route. */
    access?: Access;
    /**
     * Callable by a signed-in user whose password change is due (SessionInfo.passwordChangeDue): the few routes the
     * change-password screen needs (CurrentUser, PasswordPolicy, ModifyPassword). Every other signed-in route answers
     * 403 请先修改密码 until the password is changed (spec 000 §2, enforced here, not only by the client's guard).
     */
    beforePasswordChange?: true;
  }
  interface FastifyRequest {
    /** The signed-in caller; null on public routes. */
    auth: SessionInfo | null;
    /** The policy decision for routes declared with a model or menu access. */
    decision: Decision | null;
  }
}

/** Idle timeout default, minutes (sys_config key tokenTimeout). */
export const DEFAULT_TOKEN_TIMEOUT = 120;
/** lastSeen is written at most once per this many milliseconds per session. */
const TOUCH_EVERY_MS = 30_000;

/** sha256 hex of a token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of a request: `Authorization: Bearer <hex>` (or the bare hex); null when absent. */
export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const token = h.replace(/^Bearer\s+/i, '').trim();
  return /^[0-9a-f]{64}$/i.test(token) ? token.toLowerCase() : token ? token : null;
}

/**
 * The idle timeout in minutes (sys_config tokenTimeout; default 120). Cached per process for CONFIG_TTL_MS (5 s) and
 * dropped at once by a write to sys_config (plugins/auth-cache.ts).
 */
export async function tokenTimeoutMinutes(db: Db): Promise<number> {
  const cache = authCacheOf(db);
  const hit = cache?.config.get('tokenTimeout');
  if (hit !== undefined) return hit;
  const read = async () => {
    const row = await db.selectFrom('sys_config').select('value').where('key', '=', 'tokenTimeout').executeTakeFirst();
    const n = Number(row?.value);
    return Number.isFinite(n) && n > 0 ? n : DEFAULT_TOKEN_TIMEOUT;
  };
  return cache ? cache.readThrough(read, (v) => cache.config.set('tokenTimeout', v)) : read();
}

/**
 * Opens a session for `userId`; returns the opaque token (32 random bytes, hex). Only its sha256 is stored.
 * Sessions idle past the timeout (of any user) are swept here.
 */
export async function createSession(db: Db, userId: string, ip: string | null, userAgent: string | null): Promise<string> {
  const idleMs = (await tokenTimeoutMinutes(db)) * 60_000;
  await db.deleteFrom('session').where('last_seen', '<', new Date(Date.now() - idleMs)).execute();
  const token = randomBytes(32).toString('hex');
  await db.insertInto('session').values({ id: hashToken(token), user_id: userId, ip, user_agent: userAgent }).execute();
  return token;
}

/** Deletes the session of `token` (logout); no-op when unknown. The write empties the access caches (auth-cache.ts). */
export async function deleteSession(db: Db, token: string): Promise<void> {
  const id = hashToken(token);
  authCacheOf(db)?.sessions.delete(id);
  await db.deleteFrom('session').where('id', '=', id).execute();
}

/** Writes lastSeen = now for session `id`, without invalidating the access caches (it changes no permission). */
async function touchSession(db: Db, id: string, now: number): Promise<void> {
  await db.withoutPlugins().updateTable('session').set({ last_seen: new Date(now) }).where('id', '=', id).execute();
}

/**
 * Resolves a token to its session (spec 000 §7 codes): no/unknown token → 602; forced offline → 601;
 * idle longer than tokenTimeout → 600 (the session is deleted); disabled user → 602. `passwordChangeDue` when the
 * user's change_pwd_times is 0 (registerAuth then refuses every route not marked beforePasswordChange).
 * Touches lastSeen at most every 30 s.
 *
 * The lookup is cached per process for SESSION_TTL_MS (2 s, plugins/auth-cache.ts); a cached session is still checked
 * against its idle deadline on every request (an apparently expired one is re-read from the database before it is
 * refused, since another instance may have touched it), and any write to session/users (logout, forced offline,
 * disabled user) drops the cache at once; other instances follow on their next request through the bus (REDIS_URL,
 * auth-cache.ts), else within SESSION_TTL_MS.
 */
export async function resolveSession(db: Db, token: string | null): Promise<SessionInfo> {
  if (!token) throw ApiError.of(602, 'invalidToken');
  const id = hashToken(token);
  const cache = authCacheOf(db);
  const hit = cache?.sessions.get(id) as CachedSession<SessionInfo> | undefined;
  if (hit) {
    const now = Date.now();
    const idle = now - hit.lastSeen;
    if (idle <= (await tokenTimeoutMinutes(db)) * 60_000) {
      if (idle > TOUCH_EVERY_MS) {
        await touchSession(db, id, now);
        cache?.sessions.update(id, { ...hit, lastSeen: now });
      }
      return hit.info;
    }
    cache?.sessions.delete(id);
  }
  const version = cache?.version;
  const row = await db
    .selectFrom('session as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.last_seen', 's.kicked', 'u.id as user_id', 'u.account', 'u.real_name', 'u.is_administrator', 'u.organize_id', 'u.position_id', 'u.enabled_mark', 'u.language', 'u.change_pwd_times'])
    .where('s.id', '=', id)
    // A deleted user's sessions end at once (issue 27; its sessions are also removed by the delete).
    .where('u.f_deleted_at', 'is', null)
    .executeTakeFirst();
  if (row?.enabled_mark !== 1) throw ApiError.of(602, 'invalidToken');
  if (row.kicked) {
    await db.deleteFrom('session').where('id', '=', id).execute();
    throw ApiError.of(601, 'forcedOffline');
  }
  const now = Date.now();
  let lastSeen = new Date(row.last_seen).getTime();
  const idle = now - lastSeen;
  if (idle > (await tokenTimeoutMinutes(db)) * 60_000) {
    await db.deleteFrom('session').where('id', '=', id).execute();
    throw ApiError.of(600, 'sessionExpired');
  }
  if (idle > TOUCH_EVERY_MS) {
    await touchSession(db, id, now);
    lastSeen = now;
  }
  const info: SessionInfo = {
    id,
    userId: row.user_id,
    account: row.account,
    realName: row.real_name,
    isAdministrator: row.is_administrator,
    organizeId: row.organize_id,
    positionId: row.position_id,
    language: row.language,
    passwordChangeDue: Number(row.change_pwd_times) === 0,
  };
  if (cache && version !== undefined && cache.canStore(version)) cache.sessions.set(id, { info, lastSeen } satisfies CachedSession<SessionInfo>);
  return info;
}

/** Writes one sign-in log row (success or failure). */
export async function logLogin(db: Db, entry: { userId: string | null; account: string; ip: string | null; userAgent: string | null; success: boolean; message: string }): Promise<void> {
  await db
    .insertInto('login_log')
    .values({ id: randomUUID(), user_id: entry.userId, account: entry.account.slice(0, 200), ip: entry.ip, user_agent: entry.userAgent?.slice(0, 500) ?? null, success: entry.success, message: entry.message })
    .execute();
}

/**
 * Installs access control (design.md §7a) on the root instance: every route must declare `config.access`
 * (registering one without it throws, except in a scope marked with `markPublicScope`, e.g. static files), and one
 * onRequest hook follows the shared permission version (auth-cache.ts `sync`; a Redis GET when REDIS_URL is set, else
 * nothing), resolves the session and calls `authorize` for model and menu routes.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('decision', null);
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    if (route.config?.access) return;
    if (this.hasDecorator('kdPublicScope')) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    throw new Error(`route ${String(route.method)} ${route.url} declares no config.access (design.md §7a)`);
  });
  app.addHook('onRequest', async (req) => {
    if (req.is404) return;
    const access = req.routeOptions.config?.access;
    if (!access) throw ApiError.forbidden();
    if (access === 'public') return;
    await authCacheOf(app.db)?.sync();
    req.auth = await resolveSession(app.db, tokenOf(req));
    if (req.auth.passwordChangeDue && !req.routeOptions.config?.beforePasswordChange) throw ApiError.of(403, 'passwordChangeDue');
    if (access === 'signedIn') return;
    const decision = await authorizeAccess(app.db, req.auth, access, req.params as Record<string, string> | undefined);
    if (!decision.allowed) throw ApiError.forbidden();
    req.decision = decision;
  });
}

/** Marks a plugin scope whose routes (e.g. @fastify/static) are public without declaring access one by one. */
export function markPublicScope(scope: FastifyInstance): void {
  scope.decorate('kdPublicScope', true);
}
