import { type ColumnData, columnOf } from './column-data';
import { IMPORTABLE } from './excel-values';
import { fail } from './messages';
import type { FieldColumn, SubTable } from './model-layout';
import type { LoadedModel } from './model-store';
import type { ModelRow } from './onlinedev-repository';

/**
 * The columns of a model's Excel sheets (issue 4 item 5), sub-tables included.
 *
 * The list shows main columns only, so sub-table rows travel the way JNPF v3 exports a form with child tables:
 * ONE SHEET ROW PER CHILD ROW. A sub-table column is keyed `<sub vModel>-<child vModel>` (JNPF's
 * `tableField…-field`) and headed `<sub-table label>-<field label>` (e.g. `订单明细-物料`). A record with n child
 * rows (the longest of its exported sub-tables, at least 1) takes n sheet rows: the first carries the main values,
 * the others leave the main cells empty (the export merges them vertically, so the sheet reads as one record), and
 * row i carries the i-th row of each sub-table. On import a row whose main cells are all empty continues the record
 * above (its next child rows); a row with any main value starts a new record. Export → import therefore rebuilds
 * the same records with the same child rows in the same order.
 */

/** One column of a sheet: a main field column, or (with `sub`) a column of a sub-table. */
export interface SheetColumn {
  /** Main: the `__vModel__`; sub-table: `<sub>-<child>`. */
  key: string;
  /** Header text: the field label, or `<sub-table label>-<field label>`. */
  label: string;
  col: FieldColumn;
  sub?: SubTable;
}

const mainColumn = (col: FieldColumn): SheetColumn => ({ key: col.name, label: col.label, col });
const subColumn = (sub: SubTable, col: FieldColumn): SheetColumn => ({ key: `${sub.vModel}-${col.name}`, label: `${sub.label}-${col.label}`, col, sub });

/** Every column of a sub-table as sheet columns (import: only importable widgets). */
function subColumns(sub: SubTable, importOnly: boolean): SheetColumn[] {
  return sub.columns.filter((c) => !importOnly || IMPORTABLE.has(c.kdKey)).map((c) => subColumn(sub, c));
}

/**
 * The export columns. Without `selectKey`: the columnList's main columns, then every sub-table's columns. With it
 * (in its order): a main prop, a sub-table's `__vModel__` (all its columns) or `<sub>-<child>` (one column). An
 * unknown key → 400 naming it.
 */
export function exportColumns(model: LoadedModel, selectKey: string[] | undefined): SheetColumn[] {
  const explicit = !!selectKey?.length;
  const props = explicit ? (selectKey as string[]) : [...((model.record.columnData as ColumnData).columnList ?? []).map((c) => c.prop), ...model.layout.subTables.map((s) => s.vModel)];
  const out: SheetColumn[] = [];
  const add = (c: SheetColumn) => {
    if (!out.some((x) => x.key === c.key)) out.push(c);
  };
  for (const p of props) {
    const col = columnOf(model.layout, p);
    if (col) {
      add(mainColumn(col));
      continue;
    }
    const sub = model.layout.subTables.find((s) => s.vModel === p);
    if (sub) {
      for (const c of subColumns(sub, false)) add(c);
      continue;
    }
    const dash = p.indexOf('-');
    const owner = dash > 0 ? model.layout.subTables.find((s) => s.vModel === p.slice(0, dash)) : undefined;
    const child = owner?.columns.find((c) => c.name === p.slice(dash + 1));
    if (owner && child) add(subColumn(owner, child));
    else if (explicit) throw fail(400, 'unknownColumn', { header: p }, { field: p });
  }
  return out;
}

/** The importable columns, in form order: main fields, then each sub-table's importable fields. */
export function importColumns(model: LoadedModel): SheetColumn[] {
  return [...model.columns.filter((c) => IMPORTABLE.has(c.kdKey)).map(mainColumn), ...model.layout.subTables.flatMap((s) => subColumns(s, true))];
}

/** The value of a sheet column in a record (a main column) or in the i-th row of its sub-table. */
export function cellOf(c: SheetColumn, row: ModelRow, i: number): unknown {
  if (!c.sub) return i === 0 ? row[c.col.name] : null;
  const rows = row[c.sub.vModel];
  return Array.isArray(rows) ? (rows[i] as Record<string, unknown> | undefined)?.[c.col.name] : undefined;
}

/** How many sheet rows a record takes: the longest of its exported sub-tables, at least 1. */
export function linesOf(columns: SheetColumn[], row: ModelRow): number {
  let n = 1;
  for (const sub of new Set(columns.map((c) => c.sub).filter((s): s is SubTable => !!s))) {
    const rows = row[sub.vModel];
    if (Array.isArray(rows)) n = Math.max(n, rows.length);
  }
  return n;
}
