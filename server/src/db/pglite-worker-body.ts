import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { PGliteStatements } from './pglite-statements';
import type { PGliteBinaries } from './pglite-thread';

/**
 * The PGlite worker thread (started by pglite-thread.ts through pglite-worker.mjs; issue 4 item 9 "the event loop
 * never blocked longer than 20 ms"). It owns one PGlite and runs every statement through PGliteStatements (one
 * protocol round trip, prepared reads), so PostgreSQL's WebAssembly and the protocol parsing run here, not on the
 * server's event loop. workerData: `{ dataDir?: string; loadDataDir?: Uint8Array; binaries?: PGliteBinaries }` (a
 * folder, or a data-dir tarball to start from, neither = in memory; the WebAssembly compiled by the parent). Messages in: `{ id, op: 'query', sql, params }` with params already serialised
 * to text (node-postgres `prepareValue`) | `{ id, op: 'dump' }` (CHECKPOINT + data-dir tarball, bytes transferred) | `{ id, op: 'close' }`. json and jsonb values are sent as text.
 * Out: `{ ready: true, tid }` (the thread's Linux id, or 0) |
 * `{ failed: message }` (open failed) | `{ id, result }` | `{ id, error }` (an error's message, name and own fields:
 * code, detail, constraint, …).
 */

interface Request {
  id: number;
  op: 'query' | 'dump' | 'close';
  sql?: string;
  params?: (string | null)[];
}

const port = parentPort;
if (!port) throw new Error('pglite-worker-body runs in a worker thread only');
const { dataDir, loadDataDir, binaries } = workerData as { dataDir?: string; loadDataDir?: Uint8Array<ArrayBuffer>; binaries?: PGliteBinaries };

/** An error as plain data: structured cloning keeps an Error's message but drops PostgreSQL's fields. */
function plainError(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as Record<string, unknown> & { message?: unknown; name?: unknown };
  return { ...e, message: String(e.message ?? err), name: String(e.name ?? 'Error') };
}

try {
  const compiled = binaries ? { pgliteWasmModule: binaries.pgliteWasmModule, initdbWasmModule: binaries.initdbWasmModule, fsBundle: new Blob([binaries.fsBundle as Uint8Array<ArrayBuffer>]) } : {};
  const pglite = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS, ...compiled, ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}) });
  const statements = new PGliteStatements(pglite, 200, true);

  const handle = async (m: Request): Promise<unknown> => {
    if (m.op === 'query') return statements.query(m.sql ?? '', m.params ?? []);
    if (m.op === 'dump') {
      await statements.query('CHECKPOINT');
      return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    }
    await pglite.close();
    return null;
  };

  /** Replies; a reply that cannot be cloned becomes an error reply, so the thread never dies of one. */
  const reply = (id: number, body: { result?: unknown; error?: Record<string, unknown> }) => {
    try {
      port.postMessage({ id, ...body }, body.result instanceof Uint8Array ? [body.result.buffer as ArrayBuffer] : []);
    } catch (err) {
      port.postMessage({ id, error: { message: `PGlite thread could not send its reply: ${String((err as Error)?.message ?? err)}`, name: 'Error' } });
    }
  };

  port.on('message', (m: Request) => {
    handle(m).then(
      (result) => reply(m.id, { result }),
      (err) => reply(m.id, { error: plainError(err) }),
    );
  });
  let tid = 0;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop()) || 0;
  } catch {
    // not Linux: no thread id to report
  }
  port.postMessage({ ready: true, tid });
} catch (err) {
  port.postMessage({ failed: String((err as Error)?.stack ?? err) });
}
