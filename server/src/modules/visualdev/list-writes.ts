import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';
import { noteWrite, OPEN_TX_MS } from './list-cache';
import { slimRows, type WrittenRow } from './list-match';
import type { LoadedModel } from './model-store';
import { withRowFilterFields } from './row-filter-match';

/**
 * Writes to model records as the list caches see them (issue 28 item 4; list-cache.ts noteWrite): the written rows cut
 * to the columns filters read, noted on this instance and sent to the others (list-cache-bus.ts). An update that
 * changed none of those columns (the B16 mix's credit limit, a remark) changes no filter's matches: it keeps every
 * cached total and drops only the page positions of the filters its row is in.
 */

/** Sends a noted write to the other instances (list-cache-bus.ts); resolves when sent. */
export type WritePublisher = (modelId: string, rows: readonly WrittenRow[] | null, openMs: number, positionsOnly: boolean) => Promise<void>;

const publishers = new WeakMap<object, WritePublisher>();

/** Sets (or with null removes) the publisher of `db`'s writes to other instances (list-cache-bus.ts). */
export function setWritePublisher(db: Db, fn: WritePublisher | null): void {
  if (fn) publishers.set(dbFacts(db), fn);
  else publishers.delete(dbFacts(db));
}

/**
 * After a write to records, committed: drops the entries `rows` (before and after the change; list-match.ts
 * WrittenRow; kept cut to the filter columns, slimRows) could change, here and on the other instances (resolved once
 * the bus took the message; a bus failure is logged and leaves the others to their TTLs). `update`: `rows` is one
 * record before and after an update; when the two agree on every filter column, only page positions go (see the
 * module comment). Called with a transaction (a workflow action writing its bound record inside its own), the write
 * is held open for OPEN_TX_MS (list-cache.ts noteWrite).
 */
export async function invalidateRows(db: Db, model: LoadedModel, rows: readonly WrittenRow[], update = false): Promise<void> {
  const slim = slimRows(model, await withRowFilterFields(db, model, rows));
  const positionsOnly = update && slim.length === 2 && JSON.stringify(slim[0]) === JSON.stringify(slim[1]);
  const openMs = db.isTransaction ? OPEN_TX_MS : 0;
  // Positions only: the row as it is now tells which filters it is in (before and after agree).
  const noted = positionsOnly ? slim.slice(1) : slim;
  noteWrite(db, model.record.id, noted, openMs, positionsOnly);
  await publishers.get(dbFacts(db))?.(model.record.id, noted, openMs, positionsOnly);
}

/** After a change of a model's configuration (or a write of unknown rows): drops all its entries, everywhere. */
export function invalidateModel(db: Db, modelId: string): void {
  noteWrite(db, modelId, null);
  void publishers.get(dbFacts(db))?.(modelId, null, 0, false);
}
