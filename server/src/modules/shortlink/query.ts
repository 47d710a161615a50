import type { FieldConfig } from '../../../../schemas/field';
import type { FormConfig } from '../../../../schemas/form';
import type { ColumnData } from '../visualdev/column-data';
import { toJnpfField } from '../visualdev/jnpf-config';
import type { LoadedModel } from '../visualdev/model-store';
import { publicForm } from './fields';
import type { LinkRow } from './store';
import { fail } from './store';

/**
 * 公开查询 (issue 18 item 7; JNPF 3.4's ShortLink `columnUse`, Mnxhp src/views/formShortLink/list): a read-only list of
 * a model for people without an account. The administrator picks the fields it searches by (`columnCondition`) and
 * shows (`columnText`) among the public form's own fields (fields.ts: what a signed-out person may see at all,
 * sub-tables left out: the list engine filters by main columns only, so a sub-table field is refused as a query field,
 * fieldListOf); the list runs through the model's list engine with a column design made of only those fields (list
 * type 1, no buttons, no tree; the keyword over the link's text fields), and every row and detail is trimmed to the
 * shown fields.
 */

/** The public form's main fields by `__vModel__` (through layout containers; sub-tables and their columns left out). */
export function publicFields(form: FormConfig): Map<string, FieldConfig> {
  const out = new Map<string, FieldConfig>();
  const walk = (fields: FieldConfig[]) => {
    for (const f of fields) {
      if (f.__config__?.kdKey === 'table') continue;
      const children = f.__config__?.children as FieldConfig[] | undefined;
      if (Array.isArray(children)) walk(children);
      else if (f.__vModel__) out.set(f.__vModel__, f);
    }
  };
  walk(publicForm(form).fields);
  return out;
}

/**
 * The names a sub-table field of the form goes by → its label (`子表/列`): the sub-table's `__vModel__`, and per column
 * `<table>-<column>` (JNPF's list names), `<table>.<column>` and the column's own `__vModel__` when no main field has it.
 */
export function subTableNames(form: FormConfig): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (fields: FieldConfig[]) => {
    for (const f of fields) {
      const children = (f.__config__?.children ?? []) as FieldConfig[];
      if (f.__config__?.kdKey !== 'table') {
        if (Array.isArray(f.__config__?.children)) walk(children);
        continue;
      }
      const table = f.__vModel__ ?? '';
      const tableLabel = String(f.__config__?.label ?? table);
      if (table) out.set(table, tableLabel);
      for (const c of children) {
        if (!c.__vModel__) continue;
        const label = `${tableLabel}/${String(c.__config__?.label ?? c.__vModel__)}`;
        for (const name of [`${table}-${c.__vModel__}`, `${table}.${c.__vModel__}`, c.__vModel__]) if (!out.has(name)) out.set(name, label);
      }
    }
  };
  walk(form.fields);
  return out;
}

/**
 * The `__vModel__`s of a saved field list as JNPF's ShortLinkDialog sends it (a JSON string or an array of whole
 * fields, `{ __vModel__ }` or `{ prop }` items, or plain names; at most 200 items, a string at most 200,000 characters),
 * each checked against the public form's main fields. A sub-table field (`subTables`, subTableNames) is refused by
 * name: the list engine searches and shows main-table columns only (list-filter.ts).
 * @throws 400 subTableField `{ field }` (a sub-table or one of its columns), columnFieldUnknown (an unknown or
 * non-public field, or not a list).
 */
export function fieldListOf(value: unknown, fields: Map<string, FieldConfig>, subTables: Map<string, string> = new Map()): string[] {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    if (value.length > 200_000) throw fail(400, 'columnFieldUnknown');
    try {
      list = JSON.parse(value);
    } catch {
      throw fail(400, 'columnFieldUnknown');
    }
  }
  if (!Array.isArray(list) || list.length > 200) throw fail(400, 'columnFieldUnknown');
  const out: string[] = [];
  for (const item of list) {
    const name = typeof item === 'string' ? item : item && typeof item === 'object' ? ((item as { __vModel__?: unknown }).__vModel__ ?? (item as { prop?: unknown }).prop) : undefined;
    if (typeof name === 'string' && !fields.has(name) && subTables.has(name)) throw fail(400, 'subTableField', { field: subTables.get(name) ?? name }, { field: name });
    if (typeof name !== 'string' || !fields.has(name)) throw fail(400, 'columnFieldUnknown');
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * A field list in the shape JNPF's dialog and public page read (ShortLinkDialog init / formShortLink list Search):
 * the whole field in JNPF's names spread with `{ label, prop, jnpfKey, fixed: 'none', align: 'left', sortable: false,
 * width: null, type: 1 }`, as a JSON string.
 */
export function jnpfFieldItems(names: string[], fields: Map<string, FieldConfig>): string {
  const items = names.flatMap((n) => {
    const f = fields.get(n);
    if (!f) return [];
    const j = toJnpfField(f as unknown as Record<string, unknown>) as { __config__?: { label?: unknown; jnpfKey?: unknown } };
    return [{ label: j.__config__?.label ?? n, prop: n, fixed: 'none', align: 'left', jnpfKey: j.__config__?.jnpfKey, sortable: false, width: null, type: 1, ...j }];
  });
  return JSON.stringify(items);
}

/** The public form's main fields as `{ value, label }` (our dialog's pickers). */
export function fieldOptions(fields: Map<string, FieldConfig>): Array<{ value: string; label: string }> {
  return [...fields].map(([value, f]) => ({ value, label: String(f.__config__?.label ?? value) }));
}

/**
 * The model as the public query lists it: its column design reduced to the link's fields (columnList = columnText with
 * the model's own column settings where it has them, searchList = columnCondition with the model's search types where
 * it has them), list type 1, no buttons, no summary; the default sort kept only when that column is shown.
 */
export function publicListModel(model: LoadedModel, row: LinkRow): LoadedModel {
  const cd = (model.record.columnData ?? {}) as ColumnData;
  const fields = publicFields(model.record.formData);
  const shown = (row.column_text ?? []).filter((p) => fields.has(p));
  const searched = (row.column_condition ?? []).filter((p) => fields.has(p));
  const labelOf = (p: string) => String(fields.get(p)?.__config__?.label ?? p);
  const columnList = shown.map((p) => (cd.columnList ?? []).find((c) => c.prop === p) ?? { prop: p, label: labelOf(p), align: 'left', fixed: 'none', sortable: false });
  const searchList = searched.map((p) => (cd.searchList ?? []).find((s) => s.prop === p) ?? { prop: p, label: labelOf(p), kdKey: fields.get(p)?.__config__?.kdKey });
  const columnData = {
    ...cd,
    type: 1,
    columnList,
    searchList,
    defaultSidx: cd.defaultSidx && shown.includes(cd.defaultSidx) ? cd.defaultSidx : '',
    groupField: '',
    summaryField: [],
    btnsList: [],
    columnBtnsList: [],
    customBtnsList: [],
    hasSuperQuery: false,
  } as unknown as ColumnData;
  return { ...model, record: { ...model.record, columnData } } as LoadedModel;
}

/** A row of the public query: `id` and the shown fields only (no version, flow state or other field). */
export function shownRow(values: Record<string, unknown>, row: LinkRow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: values.id };
  for (const name of row.column_text ?? []) if (name in values) out[name] = values[name];
  return out;
}
