import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from '../db/types';
import type { Bus } from '../lib/bus';

/**
 * In-process caches of the per-request access lookups (design.md §7a "permission version"; performance.md §2, bench
 * B2k): the session row, sys_config tokenTimeout, the menus bound to a model or enCode, and `authorize` decisions.
 *
 * Invalidation: `AuthCache` is a Kysely plugin installed on the app's database (plugins/db.ts). Every INSERT, UPDATE
 * or DELETE (query builder or `sql` template) that touches one of `WATCHED_TABLES` bumps `version` and empties every
 * cache, both when the query is compiled and after it ran; a lookup stores its answer only when the version did not
 * move while it read. So within one process a logout, a forced offline, a disabled user, a changed grant, menu or
 * timeout is seen by the very next request. The one write that does not bump is the session's own lastSeen touch
 * (plugins/auth.ts runs it without plugins and updates its cache entry itself).
 *
 * Several server instances (issue 12 item 6): with a Redis bus attached (`attachBus`, lib/bus; REDIS_URL set on
 * PostgreSQL), every watched write also increments the shared permission version (`auth-version`) and publishes
 * `auth.invalidate` before the write's result returns; each instance reads the shared version at the start of every
 * signed-in request (`sync`, one Redis GET, shared by the requests that arrive while it is in flight) and empties its caches when it moved, and empties them at once when the
 * message arrives. So a forced offline, a disabled user or a revoked grant on instance A applies on instance B's next
 * request. After a remote change, answers read during STALE_GUARD_MS are not stored (a transaction that wrote may not
 * have committed yet). A Redis failure counts as a change (the caches are emptied; nothing stale is served). Without
 * a Redis bus the TTLs below bound the staleness of other instances' writes (a kicked or logged-out session stays
 * usable elsewhere for at most SESSION_TTL_MS, a changed grant or menu for at most GRANT_TTL_MS, a changed timeout for
 * CONFIG_TTL_MS). Writes inside a transaction bump before the commit; a read racing that commit can keep the old
 * answer for at most the same TTLs.
 */

/** The bus topic of cache invalidations; payload `{ reason: string }`. */
export const INVALIDATE_TOPIC = 'auth.invalidate';
/** The shared counter of permission-relevant writes (the permission version). */
export const VERSION_COUNTER = 'auth-version';
/** After a change seen from another instance, answers read during this many milliseconds are not cached. */
export const STALE_GUARD_MS = 1_000;

/** How long a session lookup is reused, ms (idle expiry is still checked on every request). */
export const SESSION_TTL_MS = 2_000;
/** How long sys_config tokenTimeout is reused, ms. */
export const CONFIG_TTL_MS = 5_000;
/** How long menu bindings and authorize decisions are reused, ms (bound on cross-instance staleness). */
export const GRANT_TTL_MS = 10_000;
/** Most entries per map; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * Tables whose writes change who may do what, or the names a list shows for ids (`lookups`: dictionaries, users,
 * organisations, positions, roles).
 */
export const WATCHED_TABLES: ReadonlySet<string> = new Set(['session', 'users', 'user_relation', 'role', 'position', 'authorize', 'module', 'module_button', 'sys_config', 'module_column', 'module_form', 'module_data_authorize', 'module_data_authorize_scheme', 'organize', 'visualdev', 'user_supply', 'organize_administrator', 'dictionary_type', 'dictionary_data']);

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from|truncate|merge\s+into)\b/i;

interface Entry<T> {
  at: number;
  value: T;
}

/** One TTL map of an AuthCache. */
export class TtlMap<T> {
  private readonly map = new Map<string, Entry<T>>();
  constructor(readonly ttlMs: number) {}

  /** The value of `key` when stored less than ttlMs ago. */
  get(key: string, now = Date.now()): T | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (now - e.at >= this.ttlMs) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Stores `value` under `key` (stamped now). */
  set(key: string, value: T, now = Date.now()): void {
    this.map.delete(key);
    this.map.set(key, { at: now, value });
    while (this.map.size > MAX_ENTRIES) this.map.delete(this.map.keys().next().value as string);
  }

  /** Replaces the value of a live entry without renewing its stamp. */
  update(key: string, value: T): void {
    const e = this.map.get(key);
    if (e) e.value = value;
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  /** Entries held (live or expired but not yet evicted); the 缓存管理 page shows it (modules/cache). */
  get size(): number {
    return this.map.size;
  }
}

/** A cached session: what resolveSession returns plus the lastSeen it last knew (ms since the epoch). */
export interface CachedSession<S> {
  info: S;
  lastSeen: number;
}

function tableNames(node: unknown, out: Set<string>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 40) return;
  if (Array.isArray(node)) {
    for (const n of node) tableNames(n, out, depth + 1);
    return;
  }
  const n = node as { kind?: string; table?: { identifier?: { name?: string } }; sqlFragments?: readonly string[] };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) out.add(n.table.identifier.name);
  for (const v of Object.values(node)) if (v && typeof v === 'object') tableNames(v, out, depth + 1);
}

/** True when `node` writes one of the watched tables (builder writes by table node; `sql` templates by their text). */
export function writesWatched(node: OperationNode): boolean {
  if (WRITE_KINDS.has(node.kind)) {
    const names = new Set<string>();
    tableNames(node, names);
    for (const t of names) if (WATCHED_TABLES.has(t)) return true;
    return false;
  }
  if (node.kind === 'RawNode') {
    const text = (node as unknown as { sqlFragments: readonly string[] }).sqlFragments.join(' ');
    if (!RAW_WRITE.test(text)) return false;
    const lower = text.toLowerCase();
    for (const t of WATCHED_TABLES) if (new RegExp(`\\b${t}\\b`).test(lower)) return true;
  }
  return false;
}

/**
 * The caches of one database (see the module comment). Install with `new Kysely({ …, plugins: [new AuthCache()] })`;
 * find with `authCacheOf(db)`.
 */
export class AuthCache implements KyselyPlugin {
  /** Bumped on every watched write. */
  version = 0;
  readonly sessions = new TtlMap<CachedSession<unknown>>(SESSION_TTL_MS);
  readonly config = new TtlMap<number>(CONFIG_TTL_MS);
  readonly menus = new TtlMap<string[]>(GRANT_TTL_MS);
  readonly decisions = new TtlMap<unknown>(GRANT_TTL_MS);
  /** id ↔ name maps of a dictionary type or a name table (visualdev/excel-values.ts `loadLookups`), by `dict:<typeId>` / `kind:<kind>`. */
  readonly lookups = new TtlMap<unknown>(GRANT_TTL_MS);
  private readonly pending = new WeakSet<object>();
  private bus: Bus | null = null;
  private unsubscribe: (() => void) | null = null;
  /** The shared permission version last seen (Redis bus only). */
  private remoteVersion = -1;
  /** The read of the shared version in flight (sync). */
  private syncing: Promise<void> | null = null;
  /** Date.now() before which nothing read is stored (see STALE_GUARD_MS). */
  private guardUntil = 0;
  private readonly listeners = new Set<() => void>();

  /** Empties every cache and moves the version; calls the onBump listeners. */
  bump(): void {
    this.version += 1;
    this.sessions.clear();
    this.config.clear();
    this.menus.clear();
    this.decisions.clear();
    this.lookups.clear();
    for (const fn of this.listeners) fn();
  }

  /** Calls `fn` after every bump (local write, remote message or moved shared version); returns the remover. */
  onBump(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Connects the caches to a bus (lib/bus): watched writes are announced on it, and `auth.invalidate` from other
   * instances empties the caches. With a local bus nothing crosses the process (announcements are skipped).
   */
  attachBus(bus: Bus): void {
    this.unsubscribe?.();
    this.bus = bus;
    this.unsubscribe = bus.subscribe(INVALIDATE_TOPIC, () => this.remoteChange());
  }

  /** Disconnects from the bus (app close). */
  detachBus(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.bus = null;
  }

  /** True when an answer read while the version was `version` may be stored now. */
  canStore(version: number): boolean {
    return this.version === version && Date.now() >= this.guardUntil;
  }

  /** Another instance changed something: empty the caches and store nothing for STALE_GUARD_MS. */
  private remoteChange(): void {
    this.guardUntil = Date.now() + STALE_GUARD_MS;
    this.bump();
  }

  /**
   * Follows the shared permission version (call at the start of each signed-in request): one Redis GET with a Redis
   * bus (shared by the requests that arrive while it is in flight), nothing otherwise. A moved version or a Redis
   * failure empties the caches.
   */
  sync(): Promise<void> {
    if (this.bus?.kind !== 'redis') return Promise.resolve();
    // Requests arriving while a read is in flight share it: under load one GET serves many requests (bench B16). A
    // write announced on another instance while that GET travels is seen by the next read, or by its message.
    this.syncing ??= this.readShared().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async readShared(): Promise<void> {
    const bus = this.bus;
    if (bus?.kind !== 'redis') return;
    let v: number;
    try {
      v = await bus.read(VERSION_COUNTER);
    } catch (err) {
      console.warn(`[auth-cache] shared version unreadable, caches emptied: ${err instanceof Error ? err.message : String(err)}`);
      this.remoteChange();
      return;
    }
    if (v !== this.remoteVersion) {
      const first = this.remoteVersion < 0;
      this.remoteVersion = v;
      if (!first) this.remoteChange();
    }
  }

  /** Announces a watched write to the other instances (shared version + message); a Redis failure is logged. */
  private async announce(): Promise<void> {
    const bus = this.bus;
    if (bus?.kind !== 'redis') return;
    try {
      const [v] = await Promise.all([bus.incr(VERSION_COUNTER), bus.publish(INVALIDATE_TOPIC, { reason: 'write' })]);
      // Our own increment needs no re-read here; a concurrent one of another instance shows as a gap next sync.
      if (v === this.remoteVersion + 1) this.remoteVersion = v;
    } catch (err) {
      console.warn(`[auth-cache] invalidation not announced to other instances: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writesWatched(args.node)) {
      this.bump();
      this.pending.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) {
      this.pending.delete(args.queryId);
      this.bump();
      await this.announce();
    }
    return args.result;
  }

  /**
   * Runs `read` and stores its answer with `store` only when no watched write happened meanwhile.
   * Returns the answer either way.
   */
  async readThrough<T>(read: () => Promise<T>, store: (value: T) => void): Promise<T> {
    const v = this.version;
    const value = await read();
    if (this.canStore(v)) store(value);
    return value;
  }
}

/** The AuthCache installed on `db` (or on the database of a transaction), or undefined (then nothing is cached). */
export function authCacheOf(db: Db): AuthCache | undefined {
  const plugins = db.getExecutor().plugins;
  for (const p of plugins) if (p instanceof AuthCache) return p;
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bus between instances (lib/bus): Redis with REDIS_URL on PostgreSQL, else in-process. */
    bus: Bus;
  }
}

/**
 * Decorates `app.bus`, attaches the database's access caches to it (watched writes announced, other instances'
 * invalidations followed) and closes it when the app closes (no open Redis connection keeps node alive).
 */
export function registerBus(app: FastifyInstance, bus: Bus): void {
  app.decorate('bus', bus);
  const cache = authCacheOf(app.db);
  cache?.attachBus(bus);
  app.addHook('onClose', async () => {
    cache?.detachBus();
    await bus.close();
  });
  if (bus.kind === 'redis') app.log.info('[bus] Redis: access-cache invalidations cross instances');
}
