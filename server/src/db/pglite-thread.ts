import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { prepareValue } from 'pg/lib/utils.js';
import { JSON_TYPES } from './pglite-statements';

/** Where the thread's PGlite keeps its data: a folder, a data-dir tarball to start from, or (neither) memory. */
export interface PGliteThreadOptions {
  dataDir?: string;
  /** A tarball of a data dir (PGlite `dumpDataDir('none')`), loaded into memory; ignored with `dataDir`. */
  loadDataDir?: Uint8Array;
}

/** PGlite's compiled WebAssembly and file-system bundle, as the worker passes them to `PGlite.create`. */
export interface PGliteBinaries {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
}

let binaries: Promise<PGliteBinaries> | null = null;

/**
 * PGlite's WebAssembly compiled once per process and handed to every thread (a compiled module is shared, not copied,
 * between threads): a thread then skips reading and compiling ~10 MB of WebAssembly, which
 * matters where many PGlites open in one process (tests, benchmarks, several tenants). Memoized; a failure is not.
 */
export function pgliteBinaries(): Promise<PGliteBinaries> {
  binaries ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, fsBundle] = await Promise.all(['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((f) => readFile(join(dist, f))));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Uint8Array(fsBundle) };
  })().catch((err) => {
    binaries = null;
    throw err;
  });
  return binaries;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** Parses the json and jsonb columns, which the thread sends as text (see PGliteStatements `rawJson`). */
function withJson<T>(r: Results<T>): Results<T> {
  const json = r.fields.filter((f) => JSON_TYPES.has(f.dataTypeID)).map((f) => f.name);
  if (!json.length || !r.rows.length) return r;
  for (const row of r.rows as Record<string, unknown>[]) {
    for (const name of json) if (typeof row[name] === 'string') row[name] = JSON.parse(row[name] as string);
  }
  return r;
}

/**
 * PGlite in a worker thread (issue 4 item 9: "the event loop never blocked longer than 20 ms"; design.md §7 PGlite by
 * default). PGlite runs PostgreSQL as WebAssembly on the thread that calls it: in process, each statement blocks the
 * server's event loop for its whole length (0.3–1 ms for a list page, 6 ms for a count of 100k rows, seconds for a
 * bad data-source query). Here the PGlite, and PGliteStatements (one round trip, prepared reads), live on their own
 * thread (pglite-worker-body.ts); the server thread only posts SQL and parameters and receives parsed results, so it
 * keeps answering timers, sockets and requests while a statement runs, and a second core can run PostgreSQL while
 * this one runs HTTP and JSON.
 *
 * The shape is the part of PGlite that Kysely's PGlite dialect uses (`query`, `close`), plus `dumpDataDir` (backups).
 * Statements run one at a time in arrival order (PGlite has one session); transactions work as on PGlite because
 * the dialect holds its one connection from BEGIN to COMMIT. Parameters are serialised here by node-postgres's
 * `prepareValue`, as PGliteStatements does in process and pg does for PostgreSQL, so all three see the same values.
 * @throws from `open`: the thread's PGlite failed to open (message of the worker's error). From `query`: PostgreSQL's
 * error with its fields (code, detail, constraint, …) plus `query` and `params`; an Error when the thread died or
 * was closed.
 */
export class PGliteThread {
  #seq = 0;
  readonly #pending = new Map<number, Pending>();
  #dead: Error | null = null;

  /**
   * @param tid the thread's Linux thread id (0 when unknown): benchmarks pin it to cores (taskset) like a database
   * server's processes.
   */
  private constructor(
    private readonly worker: Worker,
    readonly tid: number,
  ) {
    worker.on('message', (m: Reply) => this.#settle(m));
    worker.on('error', (err) => this.#fail(err));
    worker.on('exit', (code) => this.#fail(new Error(`PGlite thread exited (code ${code})`)));
  }

  /** Starts the thread and waits until its PGlite is open (initdb of a new folder: about 3–4 s). */
  static async open(opts: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { ...(opts.dataDir ? { dataDir: opts.dataDir } : { loadDataDir: opts.loadDataDir }), binaries: await pgliteBinaries() },
      execArgv: [],
    });
    const tid = await new Promise<number>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; tid?: number; failed?: string }) => {
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (m.ready) resolve(m.tid ?? 0);
        else reject(new Error(`PGlite thread failed to open: ${m.failed}`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    return new PGliteThread(worker, tid);
  }

  /** Runs one statement → PGlite's Results (rows, fields, affectedRows); see the class comment for errors. */
  async query<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    const values = params.map((v) => prepareValue(v) as string | null);
    try {
      return withJson((await this.#call('query', { sql, params: values })) as Results<T>);
    } catch (err) {
      throw Object.assign(err as Error, { query: sql, params: values });
    }
  }

  /**
   * The database as a data-dir tarball (bytes): a CHECKPOINT, then PGlite `dumpDataDir('none')`, both on the thread
   * with no statement between them (issue 23 item 1, modules/backup). The caller holds the dialect's connection, so no
   * transaction is open. Statements sent meanwhile wait for it.
   */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.#call('dump', {})) as Uint8Array;
  }

  /** Closes the PGlite (flushing a folder) and ends the thread; later calls reject. */
  async close(): Promise<void> {
    if (this.#dead) return;
    try {
      await this.#call('close', {});
    } finally {
      this.#dead ??= new Error('PGlite thread closed');
      await this.worker.terminate();
    }
  }

  #call(op: string, body: Record<string, unknown>): Promise<unknown> {
    if (this.#dead) return Promise.reject(new Error(this.#dead.message));
    const id = ++this.#seq;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, ...body });
    });
  }

  #settle(m: Reply): void {
    const p = this.#pending.get(m.id);
    if (!p) return;
    this.#pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error));
    else p.resolve(m.result);
  }

  #fail(err: Error): void {
    this.#dead ??= err;
    for (const p of this.#pending.values()) p.reject(new Error(`PGlite thread: ${err.message}`));
    this.#pending.clear();
  }
}
