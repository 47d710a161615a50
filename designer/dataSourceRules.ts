import { type DataSourceConfig, type FieldListRow, type FieldRowType, newFieldRow } from '../schemas/data-source';

/**
 * The rules of the field data-source dialogs as pure functions (spec 001 §4 "Field data-source dialog rules"):
 * adding a 'column N' row, ticking visible in sub-table mode or otherwise, loading a feature's columns, and copying
 * chosen rows into the form's link fields.
 */

/** The field-list row type of a widget (the read-only type column). */
export function rowTypeOf(kdKey: string | undefined): FieldRowType {
  switch (kdKey) {
    case 'numInput':
    case 'calculate':
    case 'rate':
    case 'slider':
      return 'numeric';
    case 'date':
    case 'createTime':
    case 'modifyTime':
      return 'date';
    case 'time':
      return 'time';
    case 'switch':
    case 'checkbox':
      return 'checkbox';
    case 'editor':
      return 'html';
    case 'autoComplete':
      return 'autocomplete';
    case 'PsdInput':
      return 'password';
    default:
      return 'text';
  }
}

/**
 * Appends a new row labelled 'column N' (N = the new row count; field `columnN`, made unique), visible, searchable,
 * sortable, width 100, text, middle/left (spec 001 §4).
 */
export function addFieldRow(rows: readonly FieldListRow[], label: (n: number) => string = (n) => `column ${n}`): FieldListRow[] {
  let n = rows.length + 1;
  const taken = new Set(rows.map((r) => r.field));
  while (taken.has(`column${n}`)) n++;
  return [...rows, newFieldRow(`column${n}`, label(rows.length + 1))];
}

/** The fields a config stores: in sub-table mode the selected list, otherwise every row (each with its visible flag). */
export function storedFields(rows: readonly FieldListRow[], selected: readonly FieldListRow[], subTable: boolean): FieldListRow[] {
  return subTable ? selected.map((r) => ({ ...r, isVisible: true })) : rows.map((r) => ({ ...r }));
}

/**
 * Ticks or unticks row `index`'s visible box. In sub-table mode the row is added to (ticked) or removed from
 * (unticked) the selected fields, keeping the order of ticking; with other sources the selected list is rebuilt from
 * the ticked rows in grid order (spec 001 §4).
 */
export function toggleVisible(
  rows: readonly FieldListRow[],
  selected: readonly FieldListRow[],
  index: number,
  visible: boolean,
  subTable: boolean,
): { rows: FieldListRow[]; selected: FieldListRow[] } {
  const next = rows.map((r, i) => (i === index ? { ...r, isVisible: visible } : r));
  if (!subTable) return { rows: next, selected: next.filter((r) => r.isVisible) };
  const row = next[index];
  const key = (r: FieldListRow) => `${r.table ?? ''}.${r.field}`;
  const without = selected.filter((s) => key(s) !== key(row));
  return { rows: next, selected: visible ? [...without, row] : without };
}

/** A column of a feature's list (spec 001 §7: columnData.columnList). */
export interface FeatureColumn {
  prop: string;
  label?: string;
  kdKey?: string;
  jnpfKey?: string;
  width?: number;
  align?: string;
  sortable?: boolean;
}

/**
 * The rows of a feature list's columns: one per column, not yet visible (choosing a feature clears the selected
 * fields, spec 001 §4), type from the widget, width and alignment from the column.
 */
export function rowsFromColumns(columns: readonly FeatureColumn[]): FieldListRow[] {
  return columns
    .filter((c) => typeof c?.prop === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(c.prop))
    .map((c) =>
      newFieldRow(c.prop, c.label ?? c.prop, {
        isVisible: false,
        type: rowTypeOf(c.kdKey ?? c.jnpfKey),
        width: typeof c.width === 'number' && c.width >= 20 ? c.width : 100,
        hAlign: c.align === 'center' || c.align === 'right' ? c.align : 'left',
        sortable: c.sortable !== false,
      }),
    );
}

/** The rows and selected fields a dialog opens with for `config` (sub-table mode: the tables' fields, ticked if stored). */
export function initialState(config: DataSourceConfig, subTable: boolean, tableFields: readonly FieldListRow[]): { rows: FieldListRow[]; selected: FieldListRow[] } {
  const stored = (config.fields ?? []).map((r) => ({ ...r }));
  if (!subTable) return { rows: stored, selected: stored.filter((r) => r.isVisible) };
  const key = (r: FieldListRow) => `${r.table ?? ''}.${r.field}`;
  const chosen = new Map(stored.map((r) => [key(r), r]));
  const rows = tableFields.map((r) => ({ ...r, ...(chosen.get(key(r)) ?? {}), isVisible: chosen.has(key(r)) }));
  return { rows, selected: stored };
}

/**
 * Copies chosen rows into a table of form rows (spec 001 §4): for each chosen row i, every field with a linkField
 * writes its value into `target[start + i][linkField]`; positions past the end become new rows. Returns a new array
 * (neither input is changed).
 */
export function applyLinkFields(
  target: readonly Record<string, unknown>[],
  chosen: readonly Record<string, unknown>[],
  fields: readonly Pick<FieldListRow, 'field' | 'linkField'>[],
  start = 0,
): Record<string, unknown>[] {
  const out = target.map((r) => ({ ...r }));
  const links = fields.filter((f) => f.linkField);
  chosen.forEach((row, i) => {
    const at = Math.max(0, start) + i;
    const values = Object.fromEntries(links.map((f) => [f.linkField as string, row[f.field] ?? null]));
    if (at < out.length) out[at] = { ...out[at], ...values };
    else out.push(values);
  });
  return out;
}
