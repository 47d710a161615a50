import type { ColumnItem } from '../../schemas/columns';

/**
 * Column settings of a list (spec 001 §2 "Table column settings (prop, label, width, columnVisible, children) are saved
 * locally per menu and table name"): stored in local storage under `kd_columns:<menuId>:<table>_Array` (the platform's
 * `kd_<key>_<Type>` naming, spec 001 §9).
 */

/** One column's saved setting. */
export interface ColumnSetting {
  prop: string;
  label: string;
  width?: number;
  columnVisible: boolean;
  children?: ColumnSetting[];
}

/** The storage key of a list's settings. */
export function settingsKey(menuId: string, table: string): string {
  return `kd_columns:${menuId}:${table}_Array`;
}

/** The saved settings, or null when none (or unreadable). */
export function loadSettings(menuId: string, table: string): ColumnSetting[] | null {
  try {
    const raw = globalThis.localStorage?.getItem(settingsKey(menuId, table));
    const v = raw ? (JSON.parse(raw) as unknown) : null;
    return Array.isArray(v) ? (v.filter((x) => x && typeof x.prop === 'string') as ColumnSetting[]) : null;
  } catch {
    return null;
  }
}

/** Saves the settings; null removes them (back to the model's defaults). */
export function saveSettings(menuId: string, table: string, settings: ColumnSetting[] | null): void {
  try {
    if (settings) globalThis.localStorage?.setItem(settingsKey(menuId, table), JSON.stringify(settings));
    else globalThis.localStorage?.removeItem(settingsKey(menuId, table));
  } catch {
    /* storage full or blocked: settings stay for this page only */
  }
}

/** The default settings of a column list: every column visible, the configured widths, in config order. */
export function defaultSettings(columns: readonly ColumnItem[]): ColumnSetting[] {
  return columns.map((c) => ({ prop: c.prop, label: c.label, width: c.width, columnVisible: true }));
}

/**
 * The settings in force: the saved ones for columns that still exist (their order, width, visibility), then columns
 * added to the model since, at the end with defaults.
 */
export function mergeSettings(columns: readonly ColumnItem[], saved: ColumnSetting[] | null): ColumnSetting[] {
  const defaults = defaultSettings(columns);
  if (!saved) return defaults;
  const byProp = new Map(defaults.map((d) => [d.prop, d]));
  const out: ColumnSetting[] = [];
  for (const s of saved) {
    const d = byProp.get(s.prop);
    if (!d) continue;
    out.push({ ...d, width: typeof s.width === 'number' && s.width >= 40 ? s.width : d.width, columnVisible: s.columnVisible !== false });
    byProp.delete(s.prop);
  }
  return [...out, ...byProp.values()];
}

/** The column list to show: ordered and sized by the settings, hidden ones left out. */
export function applySettings<T extends ColumnItem>(columns: readonly T[], settings: readonly ColumnSetting[]): T[] {
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  return settings.filter((s) => s.columnVisible && byProp.has(s.prop)).map((s) => ({ ...(byProp.get(s.prop) as T), ...(s.width ? { width: s.width } : {}) }));
}
