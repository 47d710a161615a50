import { type PGlite, parse, protocol, type Results, types } from '@electric-sql/pglite';
import { prepareValue } from 'pg/lib/utils.js';

const { serialize } = protocol;

/** A backend message as PGlite's protocol parser gives it (a DatabaseError for an ErrorResponse). */
type Message = { name: string; status?: string; code?: string };

/** Statements worth keeping prepared: reads, which repeat with new parameters (list pages, lookups). */
const PREPARABLE = /^\s*(select|with)\b/i;
/** Statements that may change what a prepared statement returns or plans against. */
const SCHEMA_CHANGE = /^\s*(alter|create|drop|truncate|comment|reindex|discard|deallocate)\b/i;
/** SQLSTATEs after which prepared statements must be dropped: a cached plan whose result type changed; a missing one. */
const STALE_PLAN = new Set(['0A000', '26000']);

/** Type OIDs of json and jsonb. */
export const JSON_TYPES: ReadonlySet<number> = new Set([types.JSON, types.JSONB]);
const asText = (x: string) => x;

/** Statement names are unique in the process, so several runners may share one PGlite session (tests do). */
let statementSeq = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Runs statements on PGlite like `pglite.query(sql, params)` (same `Results`, same parsers, same errors), but in ONE
 * protocol round trip (Parse, Bind, Describe, Execute, Sync sent together) instead of PGlite's six, and with reads
 * kept as named prepared statements (an LRU of `maxPrepared` SQL texts), so a repeated list page skips parsing, and
 * planning too once PostgreSQL settles on a generic plan (after five runs, and only when it is estimated no costlier
 * than the custom ones) (issue 4 item 9, B5; bench/pglite.bench.ts). Parameters are sent as text with no declared type,
 * serialised by node-postgres's own `prepareValue`, exactly as on PostgreSQL (the server infers their types): both
 * databases see the same values. A schema change through here closes every prepared statement; a stale plan
 * outside a transaction (SQLSTATE 0A000 or 26000) is retried once unprepared.
 * @throws PGlite's DatabaseError (with `query` and `params` attached), as `pglite.query` does.
 */
export class PGliteStatements {
  /** SQL text → statement name, oldest first. */
  readonly #prepared = new Map<string, string>();
  /** Names to close before the next statement. */
  #closing: string[] = [];
  /** Transaction status after the last statement: I idle, T in a transaction, E in a failed one. */
  #status = 'I';

  /**
   * @param maxPrepared most statements kept prepared.
   * @param rawJson leave json and jsonb values as their text (the PGlite thread sends the text across and the
   * server thread parses it: one string to copy instead of an object graph).
   */
  constructor(
    private readonly pglite: PGlite,
    private readonly maxPrepared = 200,
    private readonly rawJson = false,
  ) {}

  /** Number of statements currently prepared (for tests). */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  /**
   * Runs one statement; see the class comment. Waits for PGlite to be ready and holds its query lock, as
   * `pglite.query` does, so direct `pglite.query`/`exec` calls cannot interleave with it.
   */
  async query<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    await this.pglite._checkReady();
    return this.pglite.runExclusive(() => this.#query<T>(sql, params));
  }

  async #query<T>(sql: string, params: unknown[]): Promise<Results<T>> {
    const values = params.map((v) => prepareValue(v) as string | null);
    const idleBefore = this.#status === 'I';
    const preparable = PREPARABLE.test(sql);
    const known = preparable ? this.#touch(sql) : '';
    const name = preparable ? known || `kd_s${++statementSeq}` : '';
    try {
      return await this.#run(sql, values, name, name === '' || name !== known);
    } catch (err) {
      if (name === '' || !STALE_PLAN.has((err as Message).code ?? '')) throw err;
      this.#closeAll();
      if (!idleBefore) throw err;
      return this.#run(sql, values, '', true);
    } finally {
      if (SCHEMA_CHANGE.test(sql)) this.#closeAll();
    }
  }

  /** Sends the pending Closes and one statement (Parse only when `parse`), in one round trip. */
  async #run<T>(sql: string, values: (string | null)[], name: string, parse_: boolean): Promise<Results<T>> {
    const parts = this.#closing.map((n) => serialize.close({ type: 'S', name: n }));
    this.#closing = [];
    if (parse_) parts.push(serialize.parse({ text: sql, name }));
    parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
    const messages = (await this.pglite.execProtocolStream(concat(parts), { throwOnError: false })) as unknown as Message[];
    let error: (Message & Error) | undefined;
    let parsed = false;
    for (const m of messages) {
      if (m.name === 'readyForQuery') this.#status = m.status ?? 'I';
      else if (m.name === 'parseComplete') parsed = true;
      else if (m.name === 'error' && !error) error = m as Message & Error;
    }
    if (parse_ && parsed && name !== '') this.#remember(sql, name);
    if (error) throw Object.assign(error, { query: sql, params: values });
    return parse.parseResults(messages as never, this.#parsersFor(messages))[0] as Results<T>;
  }

  /**
   * The parsers of the column types in `messages`' row descriptions only: parseResults copies the map it is given on
   * every call, and `pglite.parsers` holds one entry per type of the database (a third of a lookup's time went there).
   */
  #parsersFor(messages: Message[]): PGlite['parsers'] {
    const parsers: PGlite['parsers'] = {};
    for (const m of messages) {
      if (m.name !== 'rowDescription') continue;
      for (const f of (m as unknown as { fields: Array<{ dataTypeID: number }> }).fields) {
        parsers[f.dataTypeID] = this.rawJson && JSON_TYPES.has(f.dataTypeID) ? asText : this.pglite.parsers[f.dataTypeID];
      }
    }
    return parsers;
  }

  /** The prepared name of `sql`, moved to the LRU's young end, or '' when it is not prepared. */
  #touch(sql: string): string {
    const name = this.#prepared.get(sql);
    if (!name) return '';
    this.#prepared.delete(sql);
    this.#prepared.set(sql, name);
    return name;
  }

  /** Adds a prepared statement; the oldest past `maxPrepared` is closed with the next statement. */
  #remember(sql: string, name: string): void {
    this.#prepared.set(sql, name);
    if (this.#prepared.size <= this.maxPrepared) return;
    const [oldest, oldName] = this.#prepared.entries().next().value as [string, string];
    this.#prepared.delete(oldest);
    this.#closing.push(oldName);
  }

  #closeAll(): void {
    this.#closing.push(...this.#prepared.values());
    this.#prepared.clear();
  }
}
