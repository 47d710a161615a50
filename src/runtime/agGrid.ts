import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);

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
