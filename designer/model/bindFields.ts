import type { FieldConfig } from '../../schemas/field';
import type { RendererMap } from '../../src/engine/renderer';
import type { DesignerStore } from '../store/DesignerStore';
import { vModelsOf } from '../store/tree';
import type { BindColumn, ModelMeta } from './modelApi';

/**
 * Fields from a bound table's columns (issue 13 item 3; JNPF's 从数据库表): each column the server offers as a field
 * (`kdKey` set) becomes that widget's scaffold named after the column, labelled with its comment (else its name),
 * required when the column is NOT NULL, a varchar's length as `maxlength`, an integer column a numInput of precision 0,
 * a timestamp column a date field of type datetime (yyyy-MM-dd HH:mm:ss).
 */

/** One child table a model binds, with its foreign key and the columns chosen as the sub-table's columns. */
export interface ChildBinding {
  table: string;
  foreignKey: string;
  columns: BindColumn[];
}

/** What the table step chose: the main table and its columns to add as fields, and the child tables. */
export interface Binding {
  table: string;
  columns: BindColumn[];
  children: ChildBinding[];
}

/** The field a column generates (see the module comment), or null when no field fits it or the registry lacks its kdKey. */
export function fieldOfColumn(registry: RendererMap, col: BindColumn): FieldConfig | null {
  const def = col.kdKey ? registry[col.kdKey] : undefined;
  if (!def || col.system) return null;
  const f = structuredClone(def.scaffold) as FieldConfig;
  f.__vModel__ = col.name;
  f.__config__.label = col.comment?.trim() || col.name;
  f.__config__.required = !col.nullable;
  if (col.kdKey === 'comInput' && col.maxLength) (f as Record<string, unknown>).maxlength = col.maxLength;
  if (col.kdKey === 'numInput' && col.integer) (f as Record<string, unknown>).precision = 0;
  if (col.kdKey === 'date' && col.dataType.startsWith('timestamp')) Object.assign(f, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' });
  return f;
}

/** A sub-table field over child table `table` with the given columns, named by the table (made unique among `taken`). */
export function subTableOf(registry: RendererMap, child: ChildBinding, taken: Set<string>): FieldConfig | null {
  const def = registry.table;
  if (!def) return null;
  const f = structuredClone(def.scaffold) as FieldConfig;
  let name = child.table;
  for (let i = 2; taken.has(name); i++) name = `${child.table}_${i}`;
  f.__vModel__ = name;
  f.__config__.label = child.table;
  f.__config__.tableName = child.table;
  f.__config__.children = child.columns.map((c) => fieldOfColumn(registry, c)).filter((x): x is FieldConfig => x !== null);
  return f;
}

/**
 * Applies a binding to the designer: the main table's chosen columns not yet on the canvas are added at the end, each
 * child table's columns go into the canvas's sub-table already over that table (missing ones only), else into a new
 * sub-table. Returns the model props with the binding (`table`, `bind.children`): a new model's replaces the one it
 * had; an existing model's child tables are added to those bound before its next save.
 */
export function applyBinding(store: DesignerStore, registry: RendererMap, meta: ModelMeta, binding: Binding): ModelMeta {
  const taken = vModelsOf(store.form.fields);
  const main = binding.columns
    .filter((c) => !taken.has(c.name))
    .map((c) => fieldOfColumn(registry, c))
    .filter((x): x is FieldConfig => x !== null);
  store.importFields(main);
  for (const child of binding.children) {
    const existing = findSubTable(store.form.fields, child.table);
    if (existing) {
      const have = new Set(((existing.__config__.children ?? []) as FieldConfig[]).map((c) => c.__vModel__));
      const add = child.columns.filter((c) => !have.has(c.name)).map((c) => fieldOfColumn(registry, c)).filter((x): x is FieldConfig => x !== null);
      store.importFields(add, { owner: existing.__config__.formId as number });
    } else {
      const sub = subTableOf(registry, child, vModelsOf(store.form.fields));
      if (sub) store.importFields([sub]);
    }
  }
  const children = binding.children.map((c) => ({ table: c.table, foreignKey: c.foreignKey }));
  return { ...meta, table: binding.table, bind: { children: [...(meta.id ? (meta.bind?.children ?? []) : []), ...children] } };
}

/** The sub-table field whose child table is `table`, anywhere in the form, or null. */
function findSubTable(fields: FieldConfig[], table: string): FieldConfig | null {
  for (const f of fields) {
    if (f.__config__?.kdKey === 'table') {
      if (f.__config__.tableName === table) return f;
      continue;
    }
    const kids = f.__config__?.children;
    if (Array.isArray(kids)) {
      const hit = findSubTable(kids as FieldConfig[], table);
      if (hit) return hit;
    }
  }
  return null;
}
