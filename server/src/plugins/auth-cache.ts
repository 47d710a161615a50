import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Db } from '../db/types';

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
 * Several server instances: another instance's writes are not seen here; the TTLs below bound that staleness
 * (a kicked or logged-out session stays usable on the other instances for at most SESSION_TTL_MS, a changed grant or
 * menu for at most GRANT_TTL_MS, a changed timeout for CONFIG_TTL_MS). Writes inside a transaction bump before the
 * commit; a read racing that commit can keep the old answer for at most the same TTLs.
 */

/** How long a session lookup is reused, ms (idle expiry is still checked on every request). */
export const SESSION_TTL_MS = 2_000;
/** How long sys_config tokenTimeout is reused, ms. */
export const CONFIG_TTL_MS = 5_000;
/** How long menu bindings and authorize decisions are reused, ms (bound on cross-instance staleness). */
export const GRANT_TTL_MS = 10_000;
/** Most entries per map; the oldest go first. */
const MAX_ENTRIES = 10_000;

/** Tables whose writes change who may do what. */
export const WATCHED_TABLES: ReadonlySet<string> = new Set(['session', 'users', 'user_relation', 'role', 'position', 'authorize', 'module', 'module_button', 'sys_config']);

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
  private readonly pending = new WeakSet<object>();

  /** Empties every cache and moves the version. */
  bump(): void {
    this.version += 1;
    this.sessions.clear();
    this.config.clear();
    this.menus.clear();
    this.decisions.clear();
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
    if (this.version === v) store(value);
    return value;
  }
}

/** The AuthCache installed on `db` (or on the database of a transaction), or undefined (then nothing is cached). */
export function authCacheOf(db: Db): AuthCache | undefined {
  const plugins = db.getExecutor().plugins;
  for (const p of plugins) if (p instanceof AuthCache) return p;
  return undefined;
}
