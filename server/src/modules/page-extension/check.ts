import type { ColumnItem } from '../../../../schemas/columns';
import type { FieldConfig } from '../../../../schemas/field';
import type { PageConfig } from '../../../../schemas/page';
import { compileForm } from '../../../../src/engine/compile';
import { checkFieldList } from '../visualdev/model-validate';
import { SYSTEM_KDKEYS, serverRegistry } from '../visualdev/server-registry';
import { fail } from './messages';

/** Most fields an administrator may add to one built-in page (issue 26 item 4). */
export const MAX_EXTENSION_FIELDS = 50;

/** An administrator's additions to a built-in page: form fields, list columns, and the version they were read at. */
export interface PageExtension {
  fields: FieldConfig[];
  columns: ColumnItem[];
  version: number;
}

/** The vModels of the shipped page: its form fields (all levels), its list columns, its other forms' fields. */
function shippedNames(page: PageConfig): Set<string> {
  const names = new Set<string>(['id', 'version', 'children', 'parentId']);
  const walk = (list: FieldConfig[] | undefined) => {
    for (const f of list ?? []) {
      if (f.__vModel__) names.add(f.__vModel__);
      walk(f.__config__?.children as FieldConfig[] | undefined);
    }
  };
  walk(page.formData.fields);
  for (const form of Object.values(page.forms ?? {})) walk((form as { fields?: FieldConfig[] }).fields);
  for (const c of page.columnData.columnList ?? []) names.add(c.prop);
  return names;
}

const SYSTEM = new Set<string>(SYSTEM_KDKEYS);

/**
 * Checks an extension of `page` before it is stored (issue 26 item 4): the same per-field checks as any model
 * (model-validate.ts checkFieldList: shape, known kdKey, safe unique vModel, regex patterns), then the rules of a
 * built-in page: at most MAX_EXTENSION_FIELDS plain fields (no layout container, sub-table or system field), none named
 * like a field or column the page ships, every added column one of the added fields; the engine compiles them.
 * @throws LocalizedError 400 with `data.path` (e.g. `fields[2].__vModel__`).
 */
export function checkExtension(page: PageConfig, fields: unknown, columns: unknown): { fields: FieldConfig[]; columns: ColumnItem[] } {
  const names = checkFieldList(fields, 'fields');
  const list = fields as FieldConfig[];
  if (list.length > MAX_EXTENSION_FIELDS) throw fail(400, 'tooMany', { max: MAX_EXTENSION_FIELDS }, { path: 'fields' });
  const shipped = shippedNames(page);
  list.forEach((f, i) => {
    const kdKey = f.__config__.kdKey;
    if (f.__config__.children !== undefined || kdKey === 'table' || SYSTEM.has(String(kdKey)) || !f.__vModel__) {
      throw fail(400, 'leafOnly', { path: `fields[${i}]` }, { path: `fields[${i}]` });
    }
    if (shipped.has(f.__vModel__)) throw fail(400, 'fieldTaken', { path: `fields[${i}].__vModel__`, name: f.__vModel__ }, { path: `fields[${i}].__vModel__` });
  });
  compileForm({ fields: list } as never, serverRegistry);
  if (!Array.isArray(columns)) throw fail(400, 'columnNotField', { path: 'columns', prop: '' }, { path: 'columns' });
  columns.forEach((c, i) => {
    const prop = (c as { prop?: unknown } | null)?.prop;
    if (typeof prop !== 'string' || !names.has(prop) || typeof (c as { label?: unknown }).label !== 'string') {
      throw fail(400, 'columnNotField', { path: `columns[${i}].prop`, prop: String(prop).slice(0, 80) }, { path: `columns[${i}].prop` });
    }
  });
  return { fields: list, columns: columns as ColumnItem[] };
}
