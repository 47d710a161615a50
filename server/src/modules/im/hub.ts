import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '../../../../schemas/wire/im';
import { type Lang, t } from '../../i18n';
import { resolveSession } from '../../plugins/auth';
import { authCacheOf } from '../../plugins/auth-cache';
import { ApiError } from '../../plugins/envelope';
import { MESSAGE_TOPIC as MESSAGE_BUS_TOPIC } from '../message/bus';
import { SESSION_REVOKED_TOPIC } from '../online-user/routes';

/**
 * The chat sockets of one server instance and their bus wiring (issue 14 item 6; design.md §7 "REDIS_URL set: the
 * realtime bus … goes through Redis pub/sub"). Every push goes through the bus (lib/bus): with Redis it reaches the
 * user's sockets on every instance, without it this instance's. Topics:
 * - `im.deliver` `{ userId, frame }`: send `frame` to every socket of `userId` (chat messages, acknowledgements);
 * - `session.revoked` `{ sessionIds }` (online-user module, forced offline): those sessions' sockets get `logout`
 *   and are closed;
 * - `message` `{ userIds, count? }` (in-site messages and released notices, published by message/bus.ts): each
 *   user's sockets get `messagePush` with unreadNoticeCount = count (default 1).
 * Before a push reaches a socket its session is checked again (resolveSession: cached, invalidated by any session
 * write on any instance), so a revoked, expired or logged-out session stops receiving: it gets `logout` instead.
 * Heartbeat: every HEARTBEAT_MS each socket is pinged; one that did not answer the previous ping (nor sent anything)
 * is terminated, as is a socket still not signed in after one full period.
 */

/** Bus topic of per-user pushes; payload `{ userId, frame }`. */
export const DELIVER_TOPIC = 'im.deliver';
/** Bus topic of new in-site messages; payload `{ userIds: string[], count?: number, … }` (message/bus.ts publishes it). */
export const MESSAGE_TOPIC = MESSAGE_BUS_TOPIC;
/** Sockets one user may hold on one instance (tabs, devices); one more is refused (error 429, closed 1008). */
export const MAX_SOCKETS_PER_USER = 20;
/** A push re-reads a socket's session at least this often (ms), even when nothing was written (idle expiry). */
export const RECHECK_MS = 30_000;
/** A socket whose unsent output exceeds this many bytes (a reader that stopped reading) is terminated. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The heartbeat period in ms: KD_IM_HEARTBEAT_MS (tests shorten it), default 30 s. */
export function heartbeatMs(): number {
  const n = Number(process.env.KD_IM_HEARTBEAT_MS);
  return Number.isFinite(n) && n >= 20 ? n : 30_000;
}

/** One chat socket: the ws socket, and once signed in the session it speaks for. */
export class Conn {
  userId: string | null = null;
  /** The session id (sha256 of the token), as the session table and `session.revoked` name it. */
  sessionId: string | null = null;
  token: string | null = null;
  alive = true;
  /** The access-cache version and time (ms) of the session's last successful check (see ChatHub.pushLocal). */
  checkedVersion = -1;
  checkedAt = 0;
  /** Heartbeats seen while not signed in (the second one closes the socket). */
  unsignedBeats = 0;
  /** Frames and pushes of this socket run one after another, in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly ws: WebSocket,
    public lang: Lang,
  ) {}

  /** Sends a frame when the socket is open; terminates a socket that stopped reading (see MAX_BUFFERED_BYTES). */
  send(frame: ServerFrame): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends `logout` with `msg` and closes the socket (code 4001). */
  logout(msg: string): void {
    this.send({ method: 'logout', msg });
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(4001, 'logout');
    this.userId = null;
  }

  /** Runs `task` after the socket's earlier frames and pushes; an error is logged, never thrown. */
  enqueue(task: () => Promise<void>, onError: (err: unknown) => void): void {
    this.queue = this.queue.then(task).catch(onError);
  }
}

/** The logout text of a session error (600 expired, 601 forced offline, else invalid). */
export function logoutText(err: unknown, lang: Lang): string {
  if (err instanceof ApiError && err.key) return err.text(lang);
  return t(lang, 'invalidToken');
}

/** The sockets of one instance (see the module comment). */
export class ChatHub {
  private readonly all = new Set<Conn>();
  private readonly byUser = new Map<string, Set<Conn>>();
  private readonly offs: Array<() => void> = [];
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly app: FastifyInstance) {
    const bus = app.bus;
    this.offs.push(
      bus.subscribe(DELIVER_TOPIC, (p) => {
        const { userId, frame } = (p ?? {}) as { userId?: unknown; frame?: ServerFrame };
        if (typeof userId === 'string' && frame) this.pushLocal(userId, frame);
      }),
      bus.subscribe(SESSION_REVOKED_TOPIC, (p) => {
        const ids = new Set(((p ?? {}) as { sessionIds?: unknown }).sessionIds as string[] | undefined);
        for (const c of this.all) if (c.sessionId && ids.has(c.sessionId)) c.logout(t(c.lang, 'forcedOffline'));
      }),
      bus.subscribe(MESSAGE_TOPIC, (p) => {
        const { userIds, toUserIds, count } = (p ?? {}) as { userIds?: unknown; toUserIds?: unknown; count?: unknown };
        const ids = Array.isArray(userIds) ? userIds : Array.isArray(toUserIds) ? toUserIds : [];
        const n = typeof count === 'number' && count > 0 ? count : 1;
        for (const id of ids) if (typeof id === 'string') this.pushLocal(id, { method: 'messagePush', unreadNoticeCount: n });
      }),
    );
    this.timer = setInterval(() => this.beat(), heartbeatMs());
    this.timer.unref();
  }

  /** Tracks a new socket (signed in or not yet). */
  track(c: Conn): void {
    this.all.add(c);
  }

  /** Binds a tracked socket to its user (after its token resolved); false when the user holds MAX_SOCKETS_PER_USER already. */
  bind(c: Conn): boolean {
    if (!c.userId) return false;
    const set = this.byUser.get(c.userId) ?? new Set<Conn>();
    if (set.size >= MAX_SOCKETS_PER_USER) return false;
    set.add(c);
    this.byUser.set(c.userId, set);
    return true;
  }

  /** Forgets a closed socket. */
  drop(c: Conn): void {
    this.all.delete(c);
    for (const [userId, set] of this.byUser) {
      if (set.delete(c) && !set.size) this.byUser.delete(userId);
    }
  }

  /** Number of sockets of this instance (signed in or not). */
  get size(): number {
    return this.all.size;
  }

  /** Sends `frame` to every socket of `userId` on every instance (through the bus). */
  async deliver(userId: string, frame: ServerFrame): Promise<void> {
    await this.app.bus.publish(DELIVER_TOPIC, { userId, frame });
  }

  /**
   * Sends `frame` to this instance's sockets of `userId`, each after its session is checked again — unless it was
   * checked less than RECHECK_MS ago and no session, user or grant was written since on any instance (the access
   * cache's version did not move: plugins/auth-cache.ts bumps it on every such write, remote ones included with
   * Redis), so a fan-out to many idle sockets does not re-read every session.
   */
  private pushLocal(userId: string, frame: ServerFrame): void {
    const cache = authCacheOf(this.app.db);
    for (const c of this.byUser.get(userId) ?? []) {
      c.enqueue(
        async () => {
          if (!c.token || c.userId !== userId) return;
          const now = Date.now();
          if (!cache || c.checkedVersion !== cache.version || now - c.checkedAt >= RECHECK_MS) {
            const version = cache?.version ?? -1;
            try {
              await resolveSession(this.app.db, c.token);
            } catch (err) {
              c.logout(logoutText(err, c.lang));
              return;
            }
            c.checkedVersion = version;
            c.checkedAt = now;
          }
          c.send(frame);
        },
        (err) => this.app.log.warn({ err }, '[im] push failed'),
      );
    }
  }

  /** One heartbeat: terminate sockets that did not answer the last ping (or never signed in), ping the others. */
  private beat(): void {
    for (const c of this.all) {
      if (c.ws.readyState !== c.ws.OPEN || !c.alive || (!c.userId && c.unsignedBeats++ >= 1)) {
        c.ws.terminate();
        this.drop(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  /** Terminates every socket of this instance at once, as a network failure would (clients reconnect). */
  dropAll(): void {
    for (const c of [...this.all]) {
      c.ws.terminate();
      this.drop(c);
    }
  }

  /** Stops the heartbeat and the bus handlers (app close; @fastify/websocket closes the sockets themselves). */
  close(): void {
    clearInterval(this.timer);
    for (const off of this.offs) off();
    this.offs.length = 0;
  }
}
