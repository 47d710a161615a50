import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { ColumnItem } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import OptionTagCell from './OptionTagCell';

/** Text of a value no renderer formats: booleans 是/否, arrays joined, objects as JSON. */
export function plainText(value: unknown, yes = '是', no = '否'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yes : no;
  if (Array.isArray(value)) return value.map((v) => plainText(v, yes, no)).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The field a column describes itself when its `prop` is no field of the form (a built-in page's list-only column, e.g.
 * the data interfaces' run scope or creation time): the column's `kdKey` with the field props it carries (`__slot__`
 * options, `__config__` extras such as `dataType`), so the renderer's cell formats it (option names, dates). Undefined
 * without a `kdKey`.
 */
export function columnField(col: ColumnItem): FieldConfig | undefined {
  const { prop, label, kdKey, width: _w, align: _a, fixed: _f, sortable: _s, __config__, ...props } = col as ColumnItem & { __config__?: Record<string, unknown> };
  if (!kdKey) return undefined;
  return { ...props, __config__: { ...(__config__ ?? {}), kdKey, label }, __vModel__: prop };
}

/**
 * Builds the grid columns of a model list (design.md §4 columnData.columnList): each column's cell comes from its
 * renderer's `toColumn` (option names, 是/否, formatted dates) when the field (a form field, else {@link columnField})
 * and renderer are known, with the
 * column config's label, width, alignment, pinning and sortability on top. Sorting is done by the server, so
 * the grid's own comparator keeps the server's order; type inference is off so booleans go through the renderer's formatter.
 * Static options carrying a `color` are shown as coloured tags (OptionTagCell).
 */
export function toColDefs(columns: readonly ColumnItem[], compiled: CompiledForm, registry: RendererMap, words: { yes: string; no: string }): ColDef[] {
  return columns.map((col) => {
    const field: FieldConfig | undefined = compiled.byModel[col.prop] ?? columnField(col);
    const kdKey = field?.__config__.kdKey ?? col.kdKey;
    const fromRenderer = field && kdKey ? registry[kdKey]?.toColumn(field) : null;
    const base: ColDef = fromRenderer ?? { valueFormatter: (p: ValueFormatterParams) => plainText(p.value, words.yes, words.no) };
    // Static options with a `color` (e.g. a status): the cell shows the option as a coloured tag.
    const colors = Object.fromEntries(((field?.__slot__?.options ?? []) as Array<{ id?: unknown; color?: unknown }>).filter((o) => typeof o.color === 'string' && o.color).map((o) => [String(o.id), String(o.color)]));
    if (Object.keys(colors).length && !base.cellRenderer) Object.assign(base, { cellRenderer: OptionTagCell, cellRendererParams: { colors } });
    const align = col.align === 'center' || col.align === 'right' ? col.align : undefined;
    return {
      cellDataType: false,
      ...base,
      colId: col.prop,
      field: col.prop,
      headerName: col.label,
      sortable: col.sortable !== false,
      comparator: () => 0,
      ...(col.width ? { width: col.width } : { flex: 1, minWidth: 100 }),
      ...(col.fixed === 'left' || col.fixed === 'right' ? { pinned: col.fixed } : {}),
      ...(align ? { cellStyle: { textAlign: align }, headerClass: `kd-header-${align}` } : {}),
    } as ColDef;
  });
}
