import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  LargeTextEditorModule,
  LocaleModule,
  type Module,
  ModuleRegistry,
  NumberEditorModule,
  PinnedRowModule,
  RenderApiModule,
  RowSelectionModule,
  RowStyleModule,
  SelectEditorModule,
  TextEditorModule,
  TooltipModule,
  themeQuartz,
  ValidationModule,
} from 'ag-grid-community';

/**
 * The ag-grid modules the platform's grids use (issue 18 item 5: not `AllCommunityModule`, a third of the size).
 * Every grid imports this file (ModelList, purchasing LineGrid, designer FieldGrid and RowSelectDialog). The core
 * already holds client-side rows, sorting, column moving, resizing and pinning, flex, overlays and keyboard navigation.
 * A grid option that needs a module missing here fails at run time with "AG Grid: error #200" (agGrid.modules.test.tsx).
 */
export const GRID_MODULES: readonly Module[] = [
  ClientSideRowModelModule, // rowData
  LocaleModule, // getLocaleText (gridLocale.ts)
  PinnedRowModule, // the list's summary row (pinnedBottomRowData)
  RowStyleModule, // LineGrid's refused row (getRowStyle)
  CellStyleModule, // column alignment (cellStyle), FieldGrid's read-only cells (cellClass)
  TooltipModule, // textarea and sql-editor columns (`tooltip: true`: the cell's text)
  RowSelectionModule, // LineGrid's ticks (rowSelection, getSelectedRows)
  TextEditorModule, // list type 4, LineGrid, FieldGrid: agTextCellEditor (also readOnlyEdit, getEditingCells)
  LargeTextEditorModule, // textarea: agLargeTextCellEditor
  NumberEditorModule, // numInput: agNumberCellEditor; LineGrid's quantity (cellDataType number)
  SelectEditorModule, // select, radio, switch 1/0: agSelectCellEditor
  CheckboxEditorModule, // switch true/false: agCheckboxCellEditor
  CustomEditorModule, // the date editor (inlineEditors.tsx DateEditor)
  ColumnApiModule, // getColumnState (sort and column-move handlers)
  RenderApiModule, // refreshCells, refreshHeader (selection and context changes)
];

// Readable warnings for a missing module or a wrong option in dev and tests; dropped from the production build
// (`?.`: the file also loads where no bundler defines import.meta.env, e.g. under plain tsx).
ModuleRegistry.registerModules(import.meta.env?.DEV ? [...GRID_MODULES, ValidationModule] : [...GRID_MODULES]);

/**
 * The grid theme of every list: quartz in the platform colours (#409EFF, spec 000 §9), compact rows; a dark variant
 * (antd's dark palette) used while an ancestor, here <html>, has `data-ag-theme-mode="dark"` (the shell sets it for
 * slideClass 'dark', spec 000 §2).
 */
export const gridTheme = themeQuartz.withParams({
  accentColor: '#409EFF',
  headerBackgroundColor: '#f5f7fa',
  headerTextColor: '#606266',
  headerFontWeight: 600,
  fontSize: 13,
  rowHeight: 40,
  headerHeight: 40,
  borderColor: '#ebeef5',
  wrapperBorderRadius: 4,
}).withParams(
  {
    backgroundColor: '#141414',
    foregroundColor: 'rgba(255, 255, 255, 0.85)',
    headerBackgroundColor: '#1d1d1d',
    headerTextColor: 'rgba(255, 255, 255, 0.75)',
    borderColor: '#303030',
    chromeBackgroundColor: '#1d1d1d',
    oddRowBackgroundColor: '#141414',
    browserColorScheme: 'dark',
  },
  'dark',
);

/**
 * Column settings reordered after a header drag (spec 000 §2 "Table headers become draggable after entering a view"):
 * `gridOrder` is the grid's column ids left to right after the move; the visible settings take that order, hidden
 * ones keep their places. Ids the settings do not know (checkbox, actions) are ignored. Returns `settings` itself
 * when the order did not change.
 */
export function movedOrder<T extends { prop: string; columnVisible: boolean }>(settings: readonly T[], gridOrder: readonly string[]): readonly T[] {
  const byProp = new Map(settings.map((s) => [s.prop, s]));
  const visible = gridOrder.filter((id) => byProp.get(id)?.columnVisible);
  let i = 0;
  const next = settings.map((s) => (s.columnVisible && i < visible.length ? (byProp.get(visible[i++]) as T) : s));
  return next.every((s, j) => s === settings[j]) ? settings : next;
}
