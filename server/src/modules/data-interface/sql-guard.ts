import { loadModule, parseSync } from 'libpg-query';
import { ALLOWED_FUNCTIONS } from './sql-functions';

/**
 * The check of data-source SQL by PostgreSQL's own grammar (issue 24 item 8, spec 001 §3 type 1): the text is parsed
 * by `libpg-query` (the PostgreSQL 17 parser compiled to WebAssembly), so what a word *is* (a keyword, a name, text
 * inside a comment, a dollar-quoted string or a Unicode escape) is decided exactly as the server will decide it.
 * The statement is accepted only when:
 * - it is exactly one SELECT (or VALUES, or WITH … SELECT), with no data-modifying CTE (INSERT/UPDATE/DELETE/MERGE
 *   anywhere in the tree), no SELECT INTO and no locking clause (FOR UPDATE/SHARE);
 * - every function it calls is in the allowlist of sql-functions.ts, unqualified or qualified by `pg_catalog`;
 * - every table it names (RangeVar) is unqualified or qualified by the server's own schema, does not start with
 *   `pg_` and is not a protected table (the platform's tables: PROTECTED_TABLES plus every table of the schema that
 *   is not a model or dictionary table, passed in by the caller);
 * - it casts to no `reg*` type (regclass, regproc…, which read the catalog).
 * Named parameters `@name` and `{name}` outside literals become bound parameters `$n`; they are never spliced in.
 * The read-only transaction and the database role kd_datasource (sql-runner.ts) stay as independent walls.
 */

/** A table the statement reads: where its name stands in the statement (`$n` text, UTF-8 bytes) and its alias. */
export interface TableRef {
  /** Byte offset and length of `[schema.]name` in PreparedSql.text. */
  at: number;
  len: number;
  /** The table's name, lower-case. */
  relname: string;
  /** True when an alias follows the name (`t AS x`, `t x`); else a replacement must name itself `relname`. */
  aliased: boolean;
}

/** A checked statement: text pieces between parameters, and the parameter names in order. */
export interface PreparedSql {
  /** `pieces.length === params.length + 1`; the SQL is pieces[0] + $1 + pieces[1] + … */
  pieces: string[];
  params: string[];
  /** The statement as checked: the pieces joined with `$1`, `$2`… in place of the parameters. */
  text: string;
  /** Every table name the statement reads (FROM and JOIN items), in statement order. */
  tables: TableRef[];
}

/** Why SQL was refused (the route turns it into a 400 naming the reason). */
export class SqlRefused extends Error {
  constructor(
    readonly reason: 'empty' | 'multiple' | 'notSelect' | 'protected' | 'function' | 'syntax',
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

/** Platform tables a data source may never name (design.md §7a); the runner adds every other non-model table. */
export const PROTECTED_TABLES = [
  'users',
  'session',
  'authorize',
  'user_relation',
  'role',
  'user_group',
  'position',
  'organize',
  'login_log',
  'module',
  'module_button',
  'sys_config',
  'personal_setting',
  'personal_settings',
  'data_interface',
  'visualdev',
  'kysely_migration',
  'kysely_migration_lock',
] as const;

/** What a statement may name besides model tables. */
export interface GuardOptions {
  /** Lower-case table names the statement may not name (added to PROTECTED_TABLES). */
  protectedNames?: Iterable<string>;
  /** The schema the server runs in: the only schema a table name may be qualified with (none when unset). */
  schema?: string | null;
}

type Node = Record<string, unknown>;
type ParseResult = { stmts?: Array<{ stmt?: Node; stmt_location?: number; stmt_len?: number }> };

let ready: Promise<void> | null = null;
/** Loads the parser's WebAssembly module once per process. */
function parser(): Promise<void> {
  ready ??= loadModule();
  return ready;
}

/** Parses `text`; a syntax error becomes SqlRefused('syntax') with the parser's message and 0-based byte position. */
function parseText(text: string): ParseResult & { error?: { message: string; at: number } } {
  try {
    return parseSync(text) as ParseResult;
  } catch (e) {
    const details = (e as { sqlDetails?: { message?: string; cursorPosition?: number } }).sqlDetails;
    return { error: { message: details?.message ?? (e instanceof Error ? e.message : String(e)), at: details?.cursorPosition ?? -1 } };
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Calls `visit(key, value)` for every property of every object in the tree. */
function walk(v: unknown, visit: (key: string, value: Node) => void): void {
  if (Array.isArray(v)) for (const x of v) walk(x, visit);
  else if (v && typeof v === 'object') {
    for (const [k, c] of Object.entries(v as Node)) {
      if (c && typeof c === 'object' && !Array.isArray(c)) visit(k, c as Node);
      walk(c, visit);
    }
  }
}

const names = (list: unknown): string[] => (Array.isArray(list) ? list.map((n) => String((n as { String?: { sval?: string } })?.String?.sval ?? '')) : []);
const MODIFYING = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

/** Refuses what the module comment lists, walking the whole parse tree of one statement. */
function checkTree(stmt: Node, denied: ReadonlySet<string>, schema: string | null): void {
  const [kind] = Object.keys(stmt);
  if (kind !== 'SelectStmt') throw new SqlRefused('notSelect', kind ?? '');
  walk(stmt, (key, node) => {
    if (MODIFYING.has(key)) throw new SqlRefused('notSelect', key);
    if (key === 'SelectStmt' && (node.intoClause || (Array.isArray(node.lockingClause) && node.lockingClause.length))) {
      throw new SqlRefused('notSelect', node.intoClause ? 'INTO' : 'FOR UPDATE');
    }
    if (key === 'FuncCall') {
      const parts = names(node.funcname);
      const name = parts[parts.length - 1] ?? '';
      const qualifiedOk = parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog');
      if (!qualifiedOk || !ALLOWED_FUNCTIONS.has(name)) throw new SqlRefused('function', parts.join('.'));
    }
    if (key === 'RangeVar') {
      const rel = String(node.relname ?? '');
      const qualified = [node.catalogname, node.schemaname, rel].filter(Boolean).join('.');
      if (node.catalogname || (node.schemaname && node.schemaname !== schema)) throw new SqlRefused('protected', qualified);
      const l = rel.toLowerCase();
      if (l.startsWith('pg_') || denied.has(l)) throw new SqlRefused('protected', rel);
    }
    if (key === 'TypeName' || key === 'typeName') {
      const parts = names(node.names);
      if ((parts[parts.length - 1] ?? '').toLowerCase().startsWith('reg')) throw new SqlRefused('protected', parts.join('.'));
    }
    if (key === 'ParamRef') throw new SqlRefused('protected', `$${String(node.number ?? '')}`);
  });
}

/**
 * Finds the named parameters of `text`: `{name}` (not SQL, so the parser stops at it; it is rewritten in place to
 * `@name ` of the same length and the text parsed again) and `@name` (a prefix-operator expression in the tree whose
 * operator is immediately followed by a name). Returns the rewritten text as bytes, its parse, and the parameters.
 */
function locateParams(text: string): { bytes: Buffer; parsed: ParseResult; found: Array<{ at: number; len: number; name: string }> } {
  let bytes = Buffer.from(text, 'utf8');
  for (let i = 0; ; i++) {
    const parsed = parseText(bytes.toString('utf8'));
    if (!parsed.error) {
      const found: Array<{ at: number; len: number; name: string }> = [];
      walk(parsed, (key, node) => {
        if (key === 'ParamRef') throw new SqlRefused('protected', `$${String(node.number ?? '')}`);
        if (key !== 'A_Expr' || node.lexpr || names(node.name).join() !== '@') return;
        const at = Number(node.location);
        const m = NAME.exec(bytes.subarray(at + 1, at + 65).toString('latin1'));
        if (bytes[at] === 0x40 && m) found.push({ at, len: m[0].length + 1, name: m[0] });
      });
      return { bytes, parsed, found: found.sort((a, b) => a.at - b.at) };
    }
    const { at, message } = parsed.error;
    const m = at >= 0 && bytes[at] === 0x7b ? /^\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(bytes.subarray(at, at + 66).toString('latin1')) : null;
    if (!m || i > 500) throw new SqlRefused('syntax', message);
    bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(`@${m[1]} `, 'latin1'), bytes.subarray(at + m[0].length)]);
  }
}

/**
 * Checks one data-source statement and cuts it at its named parameters (see the module comment).
 * @throws SqlRefused with the reason (empty, syntax, multiple statements, not a SELECT, a function not allowed, a
 *   protected name).
 */
export async function prepareSql(text: string, options: GuardOptions = {}): Promise<PreparedSql> {
  await parser();
  const denied = new Set<string>([...PROTECTED_TABLES, ...[...(options.protectedNames ?? [])].map((s) => s.toLowerCase())]);
  const { bytes, parsed, found } = locateParams(text);
  const stmts = parsed.stmts ?? [];
  if (!stmts.length) throw new SqlRefused('empty');
  if (stmts.length > 1) throw new SqlRefused('multiple');
  // The statement without its trailing semicolon (locations and lengths are byte offsets).
  const start = stmts[0].stmt_location ?? 0;
  const end = stmts[0].stmt_len ? start + stmts[0].stmt_len : bytes.length;
  const pieces: string[] = [];
  const params: string[] = [];
  let from = start;
  for (const p of found) {
    if (p.at < start || p.at >= end) continue;
    pieces.push(bytes.subarray(from, p.at).toString('utf8'));
    params.push(p.name);
    from = p.at + p.len;
  }
  pieces.push(bytes.subarray(from, end).toString('utf8'));
  // What runs is what is checked: the statement with $n in place of its parameters, parsed again.
  const joined = pieces.map((s, i) => (i ? `$${i}${s}` : s)).join('');
  const final = parseText(joined);
  if (final.error) throw new SqlRefused('syntax', final.error.message);
  if ((final.stmts ?? []).length !== 1 || !final.stmts?.[0].stmt) throw new SqlRefused('multiple');
  const stmt = final.stmts[0].stmt;
  checkTree(stripParams(stmt), denied, options.schema ?? null);
  return { pieces, params, text: joined, tables: tableRefs(stmt, Buffer.from(joined, 'utf8')) };
}

/** One SQL identifier at the start of `s` (`"…"` with `""` escapes, or a plain name); its length, or 0. */
function identifierLength(s: string): number {
  if (s.startsWith('"')) {
    const m = /^"(?:[^"]|"")*"/.exec(s);
    return m ? m[0].length : 0;
  }
  return /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(s)?.[0].length ?? 0;
}

/** The RangeVar nodes of `stmt` as TableRefs over `bytes` (the checked text): start at `location`, one or two names. */
function tableRefs(stmt: Node, bytes: Buffer): TableRef[] {
  const out: TableRef[] = [];
  walk(stmt, (key, node) => {
    if (key !== 'RangeVar' || typeof node.location !== 'number') return;
    const at = node.location;
    const rest = bytes.subarray(at).toString('utf8');
    let chars = 0;
    for (let part = 0; part < (node.schemaname ? 2 : 1); part++) {
      if (part) chars += /^\s*\.\s*/.exec(rest.slice(chars))?.[0].length ?? 0;
      chars += identifierLength(rest.slice(chars));
    }
    const alias = node.alias as { aliasname?: string } | undefined;
    out.push({ at, len: Buffer.byteLength(rest.slice(0, chars), 'utf8'), relname: String(node.relname ?? '').toLowerCase(), aliased: Boolean(alias?.aliasname) });
  });
  return out.sort((a, b) => a.at - b.at);
}

/** The tree without ParamRef nodes (ours, after substitution), so checkTree refuses only the caller's own `$n`. */
function stripParams(stmt: Node): Node {
  return JSON.parse(JSON.stringify(stmt, (k, v) => (k === 'ParamRef' ? undefined : v)));
}
