import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';

/**
 * The form config as a tree (design.md §4): `fields[]` at the root; a container's `__config__.children` (row, card,
 * the sub-table `table`, whose children are its columns); tab and collapse hold items `{title, name, __config__:
 * {children}}`, each with its own list. Every designer field is known by its `__config__.formId` (a number, unique in
 * the form). Pure: no React, no DOM; works on immer drafts and plain objects alike.
 */

/** A list of fields: the root (`owner` null), a container's children, or item `item` of a tab/collapse `owner`. */
export interface ListRef {
  owner: number | null;
  item?: number;
}

/** Where a field sits: its list, its index there, and the field itself. */
export interface Located {
  field: FieldConfig;
  list: FieldConfig[];
  index: number;
  ref: ListRef;
}

/** kdKeys whose children are items (each with its own children), not fields. */
export const ITEM_CONTAINERS = new Set(['tab', 'collapse']);

/** The formId of a field (number), or undefined. */
export const idOf = (f: FieldConfig | undefined): number | undefined => {
  const id = f?.__config__?.formId;
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined;
};

/** True when `f` holds a list of children (row, card, table, tab, collapse; any field with a `children` array). */
export const hasChildren = (f: FieldConfig): boolean => Array.isArray(f.__config__?.children);

/**
 * The child lists of a field: one per item for tab/collapse, else its children (empty when it holds none). An item
 * without a children array gets one when `create` (a mutable copy), else an empty list that belongs to nothing.
 */
export function childLists(f: FieldConfig, create = false): Array<{ ref: ListRef; list: FieldConfig[] }> {
  const owner = idOf(f) ?? null;
  const children = f.__config__?.children;
  if (!Array.isArray(children)) return [];
  if (ITEM_CONTAINERS.has(f.__config__.kdKey)) {
    return (children as unknown as Array<{ __config__?: { children?: FieldConfig[] } }>).map((it, item) => {
      if (create) {
        it.__config__ ??= {};
        it.__config__.children ??= [];
      }
      return { ref: { owner, item }, list: it?.__config__?.children ?? [] };
    });
  }
  return [{ ref: { owner }, list: children as FieldConfig[] }];
}

/** Visits every field (pre-order), with its list, index and list ref. Stops when `visit` returns true. */
export function walk(fields: FieldConfig[], visit: (loc: Located) => boolean | undefined, ref: ListRef = { owner: null }): boolean {
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index];
    if (visit({ field, list: fields, index, ref })) return true;
    for (const c of childLists(field)) if (walk(c.list, visit, c.ref)) return true;
  }
  return false;
}

/** Finds the field with `formId`, or null. */
export function locate(form: FormConfig, formId: number): Located | null {
  let found: Located | null = null;
  walk(form.fields, (loc) => {
    if (idOf(loc.field) === formId) found = loc;
    return !!found;
  });
  return found;
}

/** The list a ref names, or null when its owner or item does not exist. */
export function listOf(form: FormConfig, ref: ListRef): FieldConfig[] | null {
  if (ref.owner === null) return form.fields;
  const owner = locate(form, ref.owner);
  if (!owner) return null;
  const lists = childLists(owner.field);
  if (ITEM_CONTAINERS.has(owner.field.__config__.kdKey)) return lists[ref.item ?? 0]?.list ?? null;
  return lists[0]?.list ?? null;
}

/** Every field in pre-order (the order the canvas shows them; arrows move the selection along it). */
export function flatten(fields: FieldConfig[]): FieldConfig[] {
  const out: FieldConfig[] = [];
  walk(fields, ({ field }) => {
    out.push(field);
    return false;
  });
  return out;
}

/** The largest formId in a tree (0 when none). */
export function maxFormId(fields: FieldConfig[]): number {
  let max = 0;
  walk(fields, ({ field }) => {
    max = Math.max(max, idOf(field) ?? 0);
    return false;
  });
  return max;
}

/** True when `formId` is `ancestor` or lies inside it. */
export function isInside(form: FormConfig, formId: number, ancestor: number): boolean {
  if (formId === ancestor) return true;
  const a = locate(form, ancestor);
  if (!a) return false;
  return walk(
    childLists(a.field).flatMap((c) => c.list),
    ({ field }) => idOf(field) === formId,
  );
}

/** The sub-table (`table` field) a list belongs to, if the list is a sub-table's columns. */
export function tableOf(form: FormConfig, ref: ListRef): FieldConfig | null {
  if (ref.owner === null) return null;
  const owner = locate(form, ref.owner)?.field;
  return owner?.__config__.kdKey === 'table' ? owner : null;
}

/** Every `__vModel__` in the tree (sub-table columns included). */
export function vModelsOf(fields: FieldConfig[]): Set<string> {
  const out = new Set<string>();
  walk(fields, ({ field }) => {
    if (typeof field.__vModel__ === 'string' && field.__vModel__) out.add(field.__vModel__);
    return false;
  });
  return out;
}
