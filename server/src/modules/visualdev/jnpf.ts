import { fail } from './messages';

/**
 * JNPF v3 model exports → our model record (issue 4 item 6; jnpf-v3.md §2–§3; design.md §4 "JNPF v3 exports import
 * with a key rename"):
 * - `formData`, `columnData`, `tables` (and `appColumnData`) arrive as JSON strings;
 * - `jnpfKey` becomes `kdKey` everywhere (fields, columnList, searchList, columnOptions…);
 * - legacy keys: `dicSelect` → select with dataType dictionary, `PsdInput` → comInput with showPassword,
 *   `JNPFAmount` → numInput, `JNPFText` → text;
 * - regList patterns written as `'/…/'` strings are kept (the engine strips the slashes when it compiles);
 * - table names are lower-cased; a model without tables gets `kd_<enCode>`; JNPF's `fields[]` column metadata is
 *   dropped; missing column-config keys get the v3 defaults (type 1, sort desc, pageSize 20, hasPage).
 * Only the keys of a model record are kept. The result is then validated like any other model file.
 */

const LEGACY: Record<string, string> = { dicSelect: 'select', PsdInput: 'comInput', JNPFAmount: 'numInput', JNPFText: 'text' };
/** Typed keys of a field's `__config__` that JNPF may write as null (our schema wants them absent then). */
const CONFIG_KEYS = ['label', 'tag', 'formId', 'required', 'regList', 'dataType', 'dictionaryType', 'propsUrl', 'span', 'layout', 'children'];
/** Typed keys of column and search items that JNPF may write as null. */
const ITEM_KEYS = ['width', 'align', 'fixed', 'sortable', 'kdKey', 'jnpfKey', 'searchType'];

function dropNulls(o: Record<string, unknown>, keys: string[]): void {
  for (const k of keys) if (o[k] === null) delete o[k];
}

/** True when a parsed file looks like a JNPF export (string configs, or jnpfKey anywhere in the form). */
export function isJnpfExport(x: unknown): boolean {
  if (!x || typeof x !== 'object') return false;
  const r = x as Record<string, unknown>;
  if (typeof r.formData === 'string' || typeof r.columnData === 'string' || typeof r.tables === 'string') return true;
  return JSON.stringify(r.formData ?? null).includes('"jnpfKey"');
}

/** A config sent as a JSON string (or as itself); '' → undefined. @throws LocalizedError 400 modelInvalid naming `path`. */
export function parseString(v: unknown, path: string): unknown {
  if (typeof v !== 'string') return v;
  if (!v.trim()) return undefined;
  try {
    return JSON.parse(v);
  } catch {
    throw fail(400, 'modelInvalid', { path, detail: 'is not valid JSON' }, { path });
  }
}

/** Renames jnpfKey → kdKey (mapping legacy keys) in any object tree; the field-level legacy props are set by `field`. */
function renameKeys(node: unknown, depth = 0): unknown {
  if (depth > 40) throw fail(400, 'modelInvalid', { path: '(root)', detail: 'nested too deep' }, { path: '(root)' });
  if (Array.isArray(node)) return node.map((n) => renameKeys(n, depth + 1));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === 'jnpfKey') out.kdKey = typeof v === 'string' ? (LEGACY[v] ?? v) : v;
    else out[k] = renameKeys(v, depth + 1);
  }
  return out;
}

/** Applies the legacy widgets' prop changes to a field tree (before the key rename). */
function legacyFields(list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const f of list as Array<Record<string, unknown>>) {
    const cfg = f?.__config__ as Record<string, unknown> | undefined;
    if (!cfg || typeof cfg !== 'object') continue;
    dropNulls(cfg, CONFIG_KEYS);
    const key = cfg.jnpfKey ?? cfg.kdKey;
    if (key === 'dicSelect') {
      cfg.dataType = 'dictionary';
      f.__slot__ = { ...((f.__slot__ as object) ?? {}), options: [] };
    }
    if (key === 'PsdInput') f.showPassword = true;
    if (Array.isArray(cfg.children)) legacyFields(cfg.children);
  }
}

function lowerTables(tables: unknown): unknown {
  if (!Array.isArray(tables)) return tables;
  return tables.map((t) => {
    if (!t || typeof t !== 'object') return t;
    const { fields: _fields, ...rest } = t as Record<string, unknown>;
    return { ...rest, table: typeof rest.table === 'string' ? rest.table.toLowerCase() : rest.table, typeId: String(rest.typeId ?? '1') };
  });
}

function lowerTableNames(list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const f of list as Array<Record<string, unknown>>) {
    const cfg = f?.__config__ as Record<string, unknown> | undefined;
    if (!cfg) continue;
    if (typeof cfg.tableName === 'string') cfg.tableName = cfg.tableName.toLowerCase();
    if (Array.isArray(cfg.children)) lowerTableNames(cfg.children);
  }
}

function columnDefaults(cd: unknown): unknown {
  if (!cd || typeof cd !== 'object' || Array.isArray(cd)) return cd;
  const c = cd as Record<string, unknown>;
  const item = (i: Record<string, unknown>) => {
    const o = { ...i, label: i.label ?? i.prop ?? '' };
    dropNulls(o, ITEM_KEYS);
    return o;
  };
  const items = (list: unknown) => (Array.isArray(list) ? list.map((i) => (i && typeof i === 'object' ? item(i as Record<string, unknown>) : i)) : []);
  return {
    ...c,
    type: c.type ?? 1,
    searchList: items(c.searchList),
    columnList: items(c.columnList),
    sort: c.sort === 'asc' ? 'asc' : 'desc',
    hasPage: c.hasPage ?? true,
    pageSize: typeof c.pageSize === 'number' ? c.pageSize : 20,
    btnsList: Array.isArray(c.btnsList) ? c.btnsList : [],
    columnBtnsList: Array.isArray(c.columnBtnsList) ? c.columnBtnsList : [],
  };
}

/** Converts a parsed JNPF v3 export (see the module comment). @throws 400 when a config string is not JSON. */
export function fromJnpf(input: Record<string, unknown>): Record<string, unknown> {
  const formData = (parseString(input.formData, 'formData') ?? { fields: [] }) as Record<string, unknown>;
  const columnData = parseString(input.columnData, 'columnData') ?? {};
  let tables = lowerTables(parseString(input.tables, 'tables') ?? []);
  if (formData && typeof formData === 'object') {
    legacyFields(formData.fields);
    lowerTableNames(formData.fields);
  }
  if (!Array.isArray(tables) || !tables.length) {
    const code = String(input.enCode ?? 'model')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_');
    tables = [{ typeId: '1', table: `kd_${code}`.slice(0, 63), tableKey: 'id', tableField: '', relationTable: '', relationField: '' }];
  }
  const out: Record<string, unknown> = {
    id: String(input.id ?? ''),
    fullName: input.fullName,
    enCode: input.enCode,
    category: input.category ?? undefined,
    type: typeof input.type === 'number' ? input.type : 1,
    state: typeof input.state === 'number' ? input.state : 1,
    webType: typeof input.webType === 'number' ? input.webType : Number(input.webType ?? 2),
    tables,
    formData: renameKeys(formData),
    columnData: renameKeys(columnDefaults(columnData)),
    flowId: typeof input.flowId === 'string' ? input.flowId : null,
    enableFlow: typeof input.enableFlow === 'number' ? input.enableFlow : 0,
  };
  if (typeof input.description === 'string') out.description = input.description;
  return out;
}
