import type { ColumnConfig } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { ApiError, request, requestEnvelope } from '../../src/api/client';

/** The model's own props the designer edits besides the form (spec 001 §3 visual dev base record). */
export interface ModelMeta {
  id?: string;
  fullName: string;
  enCode: string;
  category?: string;
  /** 1 form, 2 form + list, 3 data view (design.md §4); new models are 2. */
  webType: 1 | 2 | 3;
  /** A new model's main table (lower-case identifier); empty: the server names it `kd_<enCode>`. Taken tables are refused (tableTaken). */
  table?: string;
  /**
   * A binding made in this designer session and not yet saved (issue 13 item 3, TableBindDialog). A new model: it
   * binds existing tables instead of creating them — `table` is then an existing table. An existing model keeps its
   * main table and binds the child tables listed here. Each child table (a sub-table's `__config__.tableName`) points
   * to the main record with its `foreignKey` column.
   */
  bind?: { children: Array<{ table: string; foreignKey: string }> };
  /** An existing model's stored tables[] (main entry first; `bind: true` on tables it bound), as last loaded or saved. */
  tables?: Array<Record<string, unknown>>;
}

/** A table of the server's schema as the table step lists it (server model-bind.ts BindableTable). */
export interface BindableTable {
  table: string;
  status: 'free' | 'own' | 'taken';
  modelName: string | null;
  hasKey: boolean;
}

/** A column of a listed table and the field it generates (server model-bind.ts BindColumn). */
export interface BindColumn {
  name: string;
  dataType: string;
  maxLength: number | null;
  nullable: boolean;
  comment: string | null;
  kdKey: string | null;
  system: boolean;
  integer: boolean;
}

/** GET Base/Tables: the tables a model may see in its table step (never platform or catalogue tables). */
export async function listTables(modelId?: string): Promise<BindableTable[]> {
  return (await request<{ list: BindableTable[] }>(`${B}/Tables`, { query: modelId ? { modelId } : {} })).list;
}

/** GET Base/Tables/{table}/Fields: a listed table's columns (`foreignKey`: a child's key to its main record, not a field). */
export async function tableColumns(table: string, foreignKey?: string): Promise<BindColumn[]> {
  return (await request<{ list: BindColumn[] }>(`${B}/Tables/${encodeURIComponent(table)}/Fields`, { query: foreignKey ? { foreignKey } : {} })).list;
}

/** The tables[] entries of the child tables `meta.bind` binds (relation to `meta.table`'s id). */
const boundChildren = (meta: ModelMeta) => (meta.bind?.children ?? []).map((c) => ({ typeId: '0', table: c.table, tableKey: 'id', tableField: c.foreignKey, relationTable: meta.table, relationField: 'id', bind: true }));

/** The tables[] of a new model: its main table (bound or to create) and the child tables it binds. */
export function newModelTables(meta: ModelMeta): Array<Record<string, unknown>> {
  if (!meta.table) return [];
  const bind = meta.bind ? { bind: true } : {};
  return [{ typeId: '1', table: meta.table, tableKey: 'id', tableField: '', relationTable: '', relationField: '', ...bind }, ...boundChildren(meta)];
}

/**
 * The tables[] an existing model's save sends when it binds child tables in this session (issue 13 item 3): its stored
 * entries as they are (a table the model created stays created: migrated, never bound), then an entry per newly
 * bound child table. Undefined when it binds none: the save then leaves tables[] to the server's stored one.
 */
export function existingModelTables(meta: ModelMeta): Array<Record<string, unknown>> | undefined {
  if (!meta.id || !meta.bind?.children.length) return undefined;
  const stored = meta.tables ?? [];
  const have = new Set(stored.map((t) => t.table));
  return [...stored, ...boundChildren(meta).filter((c) => !have.has(c.table))];
}

/** The main table of stored tables[] (typeId '1', else the first entry), or undefined. */
const mainOf = (tables: Array<Record<string, unknown>>) => (tables.find((t) => t.typeId === '1') ?? tables[0]) as { table?: string; bind?: boolean } | undefined;

/**
 * What the bind section shows (issue 13 item 3): the main table, whether it is bound, and the child tables bound (stored
 * and pending, `table.foreignKey`); null when nothing is bound.
 */
export function bindingOf(meta: ModelMeta): { table: string; mainBound: boolean; children: string[] } | null {
  const stored = meta.tables ?? [];
  const main = mainOf(stored);
  const mainBound = meta.id ? main?.bind === true : !!meta.bind;
  const children = [
    ...stored.filter((t) => t.typeId === '0' && t.bind === true).map((t) => `${t.table}.${t.tableField}`),
    ...(meta.bind?.children ?? []).map((c) => `${c.table}.${c.foreignKey}`),
  ];
  if (!mainBound && !children.length) return null;
  return { table: meta.table ?? main?.table ?? '', mainBound, children };
}

/** A model as the designer holds it: props, form, list config, and `base` (the stored record's fingerprint when loaded). */
export interface DesignedModel {
  meta: ModelMeta;
  form: FormConfig;
  columnData: ColumnConfig | null;
  base: string | null;
}

const B = '/api/visualdev/Base';
const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** What decides whether another admin changed the model meanwhile: its props, form and list as stored. */
function fingerprint(r: Record<string, unknown>): string {
  return JSON.stringify([r.fullName, r.enCode, r.category ?? null, parse(r.formData), parse(r.columnData), parse(r.tables)]);
}

/** GET Base/{id} (spec 001 §7): the model with its configs parsed. Rejects ApiError (404, 403…). */
export async function loadModel(id: string): Promise<DesignedModel> {
  const r = await request<Record<string, unknown>>(`${B}/${encodeURIComponent(id)}`, { silent: true });
  const tables = parse<Array<Record<string, unknown>> | null>(r.tables) ?? [];
  return {
    meta: { id, fullName: String(r.fullName ?? ''), enCode: String(r.enCode ?? ''), category: (r.category as string | undefined) ?? '', webType: (r.webType as 1 | 2 | 3) ?? 2, table: mainOf(tables)?.table ?? '', tables },
    form: parse<FormConfig>(r.formData),
    columnData: parse<ColumnConfig>(r.columnData),
    base: fingerprint(r),
  };
}

/** The list a new model starts with (the list designer comes later): its top-level stored fields as columns, 新增/编辑/删除. */
export function defaultColumns(form: FormConfig): ColumnConfig {
  const leaves: FieldConfig[] = [];
  const visit = (fields: FieldConfig[]) => {
    for (const f of fields) {
      if (f.__config__.kdKey === 'table') continue;
      if (f.__vModel__) leaves.push(f);
      const children = f.__config__.children as unknown[] | undefined;
      if (Array.isArray(children)) for (const c of children) visit(((c as FieldConfig).__config__?.kdKey ? [c] : ((c as FieldConfig).__config__?.children ?? [])) as FieldConfig[]);
    }
  };
  visit(form.fields);
  return {
    type: 1,
    searchList: [],
    columnList: leaves.slice(0, 12).map((f) => ({ prop: f.__vModel__ as string, label: String(f.__config__.label ?? f.__vModel__), kdKey: f.__config__.kdKey })),
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    btnsList: [{ value: 'add', icon: 'PlusOutlined', label: '新增' }],
    columnBtnsList: [
      { value: 'edit', icon: 'EditOutlined', label: '编辑' },
      { value: 'remove', icon: 'DeleteOutlined', label: '删除' },
    ],
    useBtnPermission: false,
    useColumnPermission: false,
    useFormPermission: false,
    useDataPermission: false,
  };
}

/** What every save sends: the model's props, form and list (and an existing model's tables[] when it binds tables). */
function bodyOf(model: DesignedModel): Record<string, unknown> {
  const { meta, form } = model;
  const tables = existingModelTables(meta);
  return { fullName: meta.fullName, enCode: meta.enCode, category: meta.category ?? '', formData: form, columnData: model.columnData ?? defaultColumns(form), ...(tables ? { tables } : {}) };
}

/** What a new model's save sends besides {@link bodyOf}. */
const newModelProps = (meta: ModelMeta) => ({ type: 1, state: 1, webType: meta.webType, tables: newModelTables(meta) });

/**
 * The record the server's model check will see for this save (base-routes.ts: a new model's body with an id; an
 * existing one's body over the stored record, whose id, webType and tables stay as they are): what the designer runs
 * the shared shape check on before sending (designer/model/shapeCheck.ts).
 */
export function recordToCheck(model: DesignedModel): Record<string, unknown> {
  const { meta } = model;
  return { id: meta.id ?? '', webType: meta.webType, tables: [], ...bodyOf(model), ...(meta.id ? {} : newModelProps(meta)) };
}

/** How a save ended: saved (with the model's id and new fingerprint), refused with a path, or stale. */
export type SaveResult =
  | { kind: 'saved'; id: string; base: string; msg: string; tables: Array<Record<string, unknown>> }
  | { kind: 'refused'; msg: string; path: string | null; field: string | null }
  | { kind: 'stale'; msg?: string };

/**
 * Saves through the existing model endpoints (issue 13 item 3): a new model with POST Base (its tables are created from
 * its fields), an existing one with POST Base/{id} (tables migrated additively). Both run the server's model check
 * (model-validate.ts validateModel): a refusal answers 400 with `data.path`, returned as `refused`. An existing model
 * is first read again and compared with what was loaded (`base`): if another admin changed it meanwhile the save is
 * not sent (`stale`); else the save carries that read's `lastModifyTime`, so a save landing between the read and this
 * one is refused by the server (409 naming who, returned as `stale` with its message). `purge` drops the columns of renamed and removed fields (else their data stays in the tables).
 * After a save the stored record is read back as the new base.
 */
export async function saveModel(model: DesignedModel, opts: { purge?: boolean } = {}): Promise<SaveResult> {
  const { meta } = model;
  const body = bodyOf(model);
  try {
    let id = meta.id;
    let msg: string;
    if (id) {
      const now = await request<Record<string, unknown>>(`${B}/${encodeURIComponent(id)}`, { silent: true });
      if (model.base !== null && fingerprint(now) !== model.base) return { kind: 'stale' };
      const stamp = typeof now.lastModifyTime === 'number' ? { lastModifyTime: now.lastModifyTime } : {};
      msg = (await requestEnvelope(`${B}/${encodeURIComponent(id)}`, { method: 'post', json: { ...body, ...stamp }, silent: true, query: opts.purge ? { purge: 1 } : {} })).msg;
    } else {
      const env = await requestEnvelope<{ id: string }>(B, { method: 'post', json: { ...body, ...newModelProps(meta) }, silent: true });
      id = env.data.id;
      msg = env.msg;
    }
    const stored = await request<Record<string, unknown>>(`${B}/${encodeURIComponent(id)}`, { silent: true });
    return { kind: 'saved', id, base: fingerprint(stored), msg, tables: parse<Array<Record<string, unknown>> | null>(stored.tables) ?? [] };
  } catch (e) {
    if (e instanceof ApiError && e.code === 409) return { kind: 'stale', msg: e.msg };
    if (e instanceof ApiError && e.code === 400) {
      const data = (e.data ?? {}) as { path?: unknown; field?: unknown };
      return { kind: 'refused', msg: e.msg, path: typeof data.path === 'string' ? data.path : null, field: typeof data.field === 'string' ? data.field : null };
    }
    throw e;
  }
}
