import type { Db } from '../../db/types';
import type { Bus } from '../../lib/bus';
import { noteWrite, sharedWrites } from './list-cache';
import { setWritePublisher } from './list-writes';
import type { WrittenRow } from './list-match';

/**
 * Writes to model records reach the list caches of every instance (issue 28 item 4; list-cache.ts): with a Redis bus
 * (lib/bus; REDIS_URL on PostgreSQL) each write noted here is published on LIST_WRITE_TOPIC as
 * `{ o: origin, m: modelId, r: rows | null, t: openMs, k?: true }` — the written rows cut to the model's filter columns (list-match.ts
 * slimRows), or null for "every row" (a configuration change, or rows whose JSON exceeds MAX_PAYLOAD_CHARS) — and every
 * other instance drops its entries those rows could match, exactly as the writing instance did. The writer awaits the
 * publish before answering, so the message is on its way before the user can ask another instance; a failed publish
 * is logged and the other instances' entries expire by their TTLs (list-cache.ts). With the in-process bus nothing is
 * sent (one instance). With the bus, cached totals keep SHARED_TOTAL_TTL_MS instead of TOTAL_TTL_MS (list-cache.ts).
 * `t`: the write is not committed yet (a write inside a caller's transaction): the receivers
 * hold it open as long (list-cache.ts noteWrite). `k`: an update that changed no filter column (list-writes.ts): the
 * receivers keep their totals and drop page positions only.
 */

/** The bus topic of list writes. */
export const LIST_WRITE_TOPIC = 'list.write';

/** Above this many characters of row JSON a write is sent as "every row" (null) instead. */
export const MAX_PAYLOAD_CHARS = 64 * 1024;

interface Message {
  o?: unknown;
  m?: unknown;
  r?: unknown;
  t?: unknown;
  k?: unknown;
}

/**
 * Connects `db`'s list caches to `bus` (see the module comment); returns the function that disconnects them. With a
 * local bus it does nothing. `warn` logs a failed publish.
 */
export function attachListBus(db: Db, bus: Bus, warn: (err: unknown) => void): () => void {
  if (bus.kind !== 'redis') return () => {};
  sharedWrites(db, true);
  const off = bus.subscribe(LIST_WRITE_TOPIC, (payload) => {
    const p = (payload ?? {}) as Message;
    if (p.o === bus.origin || typeof p.m !== 'string') return;
    noteWrite(db, p.m, Array.isArray(p.r) ? (p.r as WrittenRow[]) : null, typeof p.t === 'number' ? Math.min(Math.max(p.t, 0), 60_000) : 0, p.k === true);
  });
  setWritePublisher(db, async (modelId, rows, openMs, positionsOnly) => {
    const r = rows && JSON.stringify(rows).length <= MAX_PAYLOAD_CHARS ? rows : null;
    try {
      await bus.publish(LIST_WRITE_TOPIC, { o: bus.origin, m: modelId, r, t: openMs, ...(positionsOnly && r ? { k: true } : {}) });
    } catch (err) {
      warn(err);
    }
  });
  return () => {
    off();
    setWritePublisher(db, null);
    sharedWrites(db, false);
  };
}
