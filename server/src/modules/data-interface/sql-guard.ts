/**
 * A parser-free but strict check of data-source SQL (issue 4 item 7, spec 001 §3 type 1): the text is split into
 * tokens (string literals, dollar quotes, quoted identifiers, comments, words, punctuation) so that what a token
 * *is* never depends on guessing. The check refuses:
 * - anything but one SELECT / WITH / VALUES statement (a `;` other than a trailing one, or a first word that is not
 *   select/with/values/`(`);
 * - any identifier (quoted or not, any case, any part of a dotted name) naming a protected table or a denied
 *   function: the platform's own tables (users, session, authorize… and every table that is not a model or
 *   dictionary table, passed in by the caller), system catalogs (pg_*, information_schema), setting and
 *   dynamic-SQL functions (set_config, query_to_xml…), file and large-object functions;
 * - Unicode-escaped identifiers (U&"…"), which could spell a protected name.
 * Named parameters `@name` and `{name}` outside literals become bound parameters; they are never spliced in.
 * The database role kd_datasource (sql-runner.ts) is the second, independent wall.
 */

/** One token of SQL text. */
export interface SqlToken {
  kind: 'word' | 'quotedIdent' | 'string' | 'comment' | 'param' | 'punct' | 'space' | 'other';
  text: string;
  /** For `param`: the parameter name; for words and quoted identifiers: the identifier (words lower-cased). */
  name?: string;
}

/** A checked statement: text pieces between parameters, and the parameter names in order. */
export interface PreparedSql {
  /** `pieces.length === params.length + 1`; the SQL is pieces[0] + $1 + pieces[1] + … */
  pieces: string[];
  params: string[];
}

/** Why SQL was refused (the route turns it into a 400 naming the reason). */
export class SqlRefused extends Error {
  constructor(
    readonly reason: 'empty' | 'multiple' | 'notSelect' | 'protected' | 'unicodeIdent' | 'unterminated',
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

/** Functions and schemas that change settings, run dynamic SQL or reach files (refused by name). */
export const DENIED_NAMES = [
  'information_schema',
  'set_config',
  'current_setting',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'query_to_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xml_and_xmlschema',
  'table_to_xmlschema',
  'schema_to_xml',
  'schema_to_xml_and_xmlschema',
  'schema_to_xmlschema',
  'database_to_xml',
  'database_to_xml_and_xmlschema',
  'database_to_xmlschema',
  'dblink',
  'lo_import',
  'lo_export',
  'lo_get',
  'lo_open',
  'loread',
  'txid_current',
  'nextval',
  'setval',
  'currval',
  'lastval',
] as const;

const FIRST_WORDS = new Set(['select', 'with', 'values']);

function isWordStart(c: string): boolean {
  return /[A-Za-z_\u0080-\uffff]/.test(c);
}

/** Splits SQL into tokens. @throws SqlRefused('unterminated') for an unclosed literal, identifier or comment. */
export function tokenize(text: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  const n = text.length;
  const until = (end: string, from: number, what: string): number => {
    const j = text.indexOf(end, from);
    if (j < 0) throw new SqlRefused('unterminated', what);
    return j + end.length;
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1] ?? '';
    let j: number;
    if (/\s/.test(c)) {
      j = i + 1;
      while (j < n && /\s/.test(text[j])) j++;
      out.push({ kind: 'space', text: text.slice(i, j) });
    } else if (c === '-' && next === '-') {
      j = text.indexOf('\n', i);
      j = j < 0 ? n : j;
      out.push({ kind: 'comment', text: text.slice(i, j) });
    } else if (c === '/' && next === '*') {
      // PostgreSQL block comments nest.
      let depth = 1;
      j = i + 2;
      while (depth > 0) {
        if (j >= n) throw new SqlRefused('unterminated', 'comment');
        if (text.startsWith('/*', j)) {
          depth++;
          j += 2;
        } else if (text.startsWith('*/', j)) {
          depth--;
          j += 2;
        } else j++;
      }
      out.push({ kind: 'comment', text: text.slice(i, j) });
    } else if ((c === 'u' || c === 'U') && next === '&' && (text[i + 2] === '"' || text[i + 2] === "'")) {
      throw new SqlRefused('unicodeIdent');
    } else if (c === "'" || ((c === 'e' || c === 'E') && next === "'")) {
      // Standard strings double the quote; E'' strings also allow backslash escapes.
      const escaped = c !== "'";
      j = escaped ? i + 2 : i + 1;
      for (;;) {
        if (j >= n) throw new SqlRefused('unterminated', 'string');
        if (escaped && text[j] === '\\') j += 2;
        else if (text[j] === "'" && text[j + 1] === "'") j += 2;
        else if (text[j] === "'") {
          j++;
          break;
        } else j++;
      }
      out.push({ kind: 'string', text: text.slice(i, j) });
    } else if (c === '"') {
      j = i + 1;
      for (;;) {
        if (j >= n) throw new SqlRefused('unterminated', 'identifier');
        if (text[j] === '"' && text[j + 1] === '"') j += 2;
        else if (text[j] === '"') {
          j++;
          break;
        } else j++;
      }
      out.push({ kind: 'quotedIdent', text: text.slice(i, j), name: text.slice(i + 1, j - 1).replace(/""/g, '"') });
    } else if (c === '$' && /[A-Za-z_$]/.test(next)) {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (m) {
        j = until(m[0], i + m[0].length, 'dollar quote');
        out.push({ kind: 'string', text: text.slice(i, j) });
      } else {
        out.push({ kind: 'other', text: c });
        j = i + 1;
      }
    } else if (c === '@' && isWordStart(next)) {
      const m = /^@([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(i))!;
      out.push({ kind: 'param', text: m[0], name: m[1] });
      j = i + m[0].length;
    } else if (c === '{' && /^\{[A-Za-z_][A-Za-z0-9_]*\}/.test(text.slice(i))) {
      const m = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(text.slice(i))!;
      out.push({ kind: 'param', text: m[0], name: m[1] });
      j = i + m[0].length;
    } else if (isWordStart(c)) {
      j = i + 1;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(text[j])) j++;
      const word = text.slice(i, j);
      out.push({ kind: 'word', text: word, name: word.toLowerCase() });
    } else {
      out.push({ kind: /[;(),.]/.test(c) ? 'punct' : 'other', text: c });
      j = i + 1;
    }
    i = j;
  }
  return out;
}

/** True when `name` (an identifier, compared case-insensitively) is refused. */
function refused(name: string, protectedNames: ReadonlySet<string>): boolean {
  const l = name.toLowerCase();
  return l.startsWith('pg_') || protectedNames.has(l) || (DENIED_NAMES as readonly string[]).includes(l);
}

/**
 * Checks one data-source statement and cuts it at its named parameters.
 * @param protectedNames lower-case table names the statement may not name (PROTECTED_TABLES plus the caller's list).
 * @throws SqlRefused with the reason (empty, multiple statements, not a SELECT, a protected name, …).
 */
export function prepareSql(text: string, protectedNames: Iterable<string> = []): PreparedSql {
  const denied = new Set<string>([...PROTECTED_TABLES, ...[...protectedNames].map((s) => s.toLowerCase())]);
  const tokens = tokenize(text);
  const meaningful = tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
  while (meaningful.length && meaningful[meaningful.length - 1].text === ';') meaningful.pop();
  if (!meaningful.length) throw new SqlRefused('empty');
  if (meaningful.some((t) => t.text === ';')) throw new SqlRefused('multiple');
  const first = meaningful.find((t) => t.text !== '(');
  if (first?.kind !== 'word' || !FIRST_WORDS.has(first.name ?? '')) throw new SqlRefused('notSelect', first?.text ?? '');
  for (const t of meaningful) {
    if ((t.kind === 'word' || t.kind === 'quotedIdent') && t.name && refused(t.name, denied)) throw new SqlRefused('protected', t.name);
  }
  // Rebuild without the trailing semicolons and with parameters cut out; comments are dropped.
  const lastIndex = tokens.lastIndexOf(meaningful[meaningful.length - 1]);
  const pieces: string[] = [''];
  const params: string[] = [];
  for (const t of tokens.slice(0, lastIndex + 1)) {
    if (t.kind === 'comment') pieces[pieces.length - 1] += ' ';
    else if (t.kind === 'param') {
      params.push(t.name!);
      pieces.push('');
    } else pieces[pieces.length - 1] += t.text;
  }
  return { pieces, params };
}
