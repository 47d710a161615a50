import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The message bus between server instances (design.md §7 "REDIS_URL set: the realtime bus … goes through Redis
 * pub/sub"; issue 12 item 6). Two parts:
 * - topics: `publish(topic, payload)` reaches every `subscribe(topic, …)` handler of every instance, the publishing
 *   one included, exactly once (the local handlers are called directly; Redis echoes of the instance's own messages
 *   are dropped by their origin). Payloads are JSON values. Used for access-cache invalidation and session
 *   revocation (plugins/auth-cache.ts) and meant for the messages/chat issue's realtime fan-out.
 * - shared counters: `incr(name)` / `read(name)` (the permission version every instance compares on each request).
 *
 * Without a Redis URL (or with the embedded PGlite, which one process owns) the bus is in-process: topics reach this
 * instance's handlers and counters live in memory — the single-instance behaviour.
 *
 * Redis keys and the channel are namespaced by the database the instances share (`kd:<ns>:…`), so apps on different
 * databases never hear each other. Redis commands time out after COMMAND_TIMEOUT_MS; callers treat a failure as
 * "something may have changed".
 */

/** A topic handler: the payload as published (parsed JSON) and the topic. */
export type BusHandler = (payload: unknown, topic: string) => void;

/** What every bus offers (see the module comment). */
export interface Bus {
  /** 'redis' crosses instances; 'local' stays in this process. */
  readonly kind: 'local' | 'redis';
  /** This instance's id (random per bus). */
  readonly origin: string;
  /** Sends `payload` (JSON-serialisable) to every handler of `topic` on every instance. Rejects when Redis fails. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Adds a handler of `topic`; returns the function that removes it. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /** Increments the shared counter `name` (starting at 0) and returns its new value. Rejects when Redis fails. */
  incr(name: string): Promise<number>;
  /** The shared counter `name` (0 when never incremented). Rejects when Redis fails. */
  read(name: string): Promise<number>;
  /** Closes the connections (idempotent). Handlers are dropped. */
  close(): Promise<void>;
}

/** A Redis command answers within this many milliseconds or fails. */
export const COMMAND_TIMEOUT_MS = 1_000;

interface Envelope {
  o: string;
  t: string;
  p: unknown;
}

/** The handlers of one bus by topic, and their dispatch. */
class Handlers {
  private readonly byTopic = new Map<string, Set<BusHandler>>();

  add(topic: string, handler: BusHandler): () => void {
    const set = this.byTopic.get(topic) ?? new Set<BusHandler>();
    this.byTopic.set(topic, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Calls every handler of `topic`; a throwing handler does not stop the others (its error is logged). */
  dispatch(topic: string, payload: unknown): void {
    for (const h of this.byTopic.get(topic) ?? []) {
      try {
        h(payload, topic);
      } catch (err) {
        console.warn(`[bus] handler of ${topic} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  clear(): void {
    this.byTopic.clear();
  }
}

/** The in-process bus (no REDIS_URL, or PGlite). */
export class LocalBus implements Bus {
  readonly kind = 'local';
  readonly origin = randomUUID();
  private readonly handlers = new Handlers();
  private readonly counters = new Map<string, number>();

  async publish(topic: string, payload: unknown): Promise<void> {
    this.handlers.dispatch(topic, JSON.parse(JSON.stringify(payload ?? null)));
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    return this.handlers.add(topic, handler);
  }

  async incr(name: string): Promise<number> {
    const v = (this.counters.get(name) ?? 0) + 1;
    this.counters.set(name, v);
    return v;
  }

  async read(name: string): Promise<number> {
    return this.counters.get(name) ?? 0;
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

/** The Redis bus: one connection for commands and publishing, one subscribed to the namespace's channel. */
export class RedisBus implements Bus {
  readonly kind = 'redis';
  readonly origin = randomUUID();
  private readonly handlers = new Handlers();
  private closed = false;

  private constructor(
    private readonly cmd: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
  ) {
    sub.on('message', (_channel: string, text: string) => {
      let env: Envelope;
      try {
        env = JSON.parse(text) as Envelope;
      } catch {
        return;
      }
      if (env && env.o !== this.origin && typeof env.t === 'string') this.handlers.dispatch(env.t, env.p);
    });
  }

  /**
   * Connects to `url` and subscribes to the channel of `namespace`.
   * @throws when Redis does not answer (the server should not start half-clustered).
   */
  static async open(url: string, namespace: string): Promise<RedisBus> {
    const options = { lazyConnect: true, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1, connectTimeout: 5_000 };
    const cmd = new Redis(url, options);
    const sub = new Redis(url, { ...options, commandTimeout: undefined });
    for (const c of [cmd, sub]) c.on('error', (err: Error) => console.warn(`[bus] redis: ${err.message}`));
    try {
      await cmd.connect();
      await sub.connect();
      const prefix = `kd:${namespace}:`;
      await sub.subscribe(`${prefix}bus`);
      return new RedisBus(cmd, sub, prefix);
    } catch (err) {
      cmd.disconnect();
      sub.disconnect();
      throw new Error(`REDIS_URL is set but Redis does not answer: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    const text = JSON.stringify({ o: this.origin, t: topic, p: payload ?? null } satisfies Envelope);
    this.handlers.dispatch(topic, JSON.parse(text).p);
    await this.cmd.publish(`${this.prefix}bus`, text);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    return this.handlers.add(topic, handler);
  }

  async incr(name: string): Promise<number> {
    return this.cmd.incr(`${this.prefix}${name}`);
  }

  async read(name: string): Promise<number> {
    return Number((await this.cmd.get(`${this.prefix}${name}`)) ?? 0);
  }

  /**
   * The options of @fastify/rate-limit's Redis store on this bus's command connection: counters under
   * `kd:<ns>:rl:` so every instance on the database counts one allowance (see {@link rateLimitStore}).
   */
  rateLimitStore(): { redis: Redis; nameSpace: string; skipOnError: boolean } {
    return { redis: this.cmd, nameSpace: `${this.prefix}rl:`, skipOnError: true };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.cmd.quit()]);
    this.sub.disconnect();
    this.cmd.disconnect();
  }
}

/**
 * The namespace of a database: a short hash of a PostgreSQL URL's host, port and database name (user and password
 * left out), so every instance on one database shares it; a random one otherwise.
 */
export function busNamespace(databaseUrl?: string): string {
  if (!databaseUrl) return randomUUID().slice(0, 12);
  const u = new URL(databaseUrl);
  return createHash('sha256').update(`${u.hostname}:${u.port || '5432'}${u.pathname}`).digest('hex').slice(0, 12);
}

/**
 * Where @fastify/rate-limit counts (issue 18 item 6): with a Redis bus, Redis — one allowance per key across all
 * instances on the database (`{ redis, nameSpace, skipOnError }`, spread into the plugin's options); with the local
 * bus, `{}` (the plugin's in-memory store, one process). `skipOnError`: while Redis does not answer (each command
 * fails after COMMAND_TIMEOUT_MS) requests pass unthrottled rather than all failing — sign-in stays possible during a
 * Redis outage, and the limits count again once it is back (the bus logs the outage).
 */
export function rateLimitStore(bus: Bus): { redis?: Redis; nameSpace?: string; skipOnError?: boolean } {
  return bus instanceof RedisBus ? bus.rateLimitStore() : {};
}

/**
 * Opens the bus of an app: Redis when `redisUrl` is set and the database is PostgreSQL (`databaseUrl`), else the
 * in-process bus. @throws when Redis is configured but does not answer.
 */
export async function openBus(opts: { redisUrl?: string; databaseUrl?: string }): Promise<Bus> {
  if (opts.redisUrl && opts.databaseUrl) return RedisBus.open(opts.redisUrl, busNamespace(opts.databaseUrl));
  return new LocalBus();
}
